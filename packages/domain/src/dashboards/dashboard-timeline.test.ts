import { describe, expect, it } from 'vitest';
import {
  choosePeriod,
  earnedValue,
  leastSquares,
  periodStart,
  periodStarts,
  statusTimeline,
} from './dashboard-timeline.ts';

describe('dashboard periods', () => {
  it('starts weeks on Monday and months on the first', () => {
    expect(periodStart('2026-11-26', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-22', 'week')).toBe('2026-11-16');
    expect(periodStart('2026-11-26', 'month')).toBe('2026-11-01');
    expect(periodStarts('2026-01-30', '2026-03-02', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(periodStarts('2026-12-30', '2027-01-01', 'day')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  it('chooses days up to a month, weeks up to half a year, then months', () => {
    expect(choosePeriod('2026-01-01', '2026-02-01')).toBe('day');
    expect(choosePeriod('2026-01-01', '2026-06-01')).toBe('week');
    expect(choosePeriod('2025-01-01', '2026-06-01')).toBe('month');
  });
});

describe('status timeline', () => {
  it('counts issues in each status at the end of each period, from their first status and their changes', () => {
    const { period, points } = statusTimeline(
      [
        { day: '2026-11-02', status: 'active', count: 3 },
        { day: '2026-11-10', status: 'active', count: 2 },
        { day: '2026-11-11', status: 'resolved', count: 1 },
      ],
      [
        { day: '2026-11-12', from: 'active', to: 'resolved', count: 2 },
        { day: '2026-11-18', from: 'resolved', to: 'active', count: 1 },
        { day: '2026-11-19', from: 'active', to: 'reproved', count: 1 },
      ],
      '2026-11-20',
      'week',
    );
    expect(period).toBe('week');
    expect(points).toEqual([
      { start: '2026-11-02', raised: 3, counts: { active: 3, resolved: 0, reproved: 0 } },
      { start: '2026-11-09', raised: 3, counts: { active: 3, resolved: 3, reproved: 0 } },
      { start: '2026-11-16', raised: 0, counts: { active: 3, resolved: 2, reproved: 1 } },
    ]);
  });

  it('is empty without issues', () => {
    expect(statusTimeline([], [], '2026-11-20').points).toEqual([]);
  });
});

describe('earned value', () => {
  it('derives raised, closed, backlog and projects the day the backlog reaches zero', () => {
    // Backlog 10, 8, 6, 4 at the end of four weeks: 2 fewer a week, zero two weeks after the last.
    const points = [10, 8, 6, 4].map((active, i) => ({
      start: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'][i] ?? '',
      raised: i === 0 ? 10 : 1,
      counts: { active, resolved: 0, reproved: 0 },
    }));
    const ev = earnedValue({ period: 'week', points }, '2026-11-26');
    expect(ev.points.map((p) => [p.raised, p.raisedTotal, p.closed, p.closedTotal, p.backlog])).toEqual([
      [10, 10, 0, 0, 10],
      [1, 11, 3, 3, 8],
      [1, 12, 3, 6, 6],
      [1, 13, 3, 9, 4],
    ]);
    expect(ev.raisedPerPeriod).toBeCloseTo(1);
    expect(ev.closedPerPeriod).toBeCloseTo(3);
    expect(ev.points.map((p) => p.backlogTrend)).toEqual([10, 8, 6, 4]);
    expect(ev.projectedZeroDate).toBe('2026-12-10');
    expect(ev.trendPeriods).toBe(4);
  });

  it('has no projection while the backlog grows, and today once it is empty', () => {
    const grow = [1, 2, 3].map((active, i) => ({
      start: `2026-11-0${i + 1}`,
      raised: 1,
      counts: { active, resolved: 0, reproved: 0 },
    }));
    expect(earnedValue({ period: 'day', points: grow }, '2026-11-03').projectedZeroDate).toBeNull();
    const done = [{ start: '2026-11-01', raised: 2, counts: { active: 0, resolved: 2, reproved: 0 } }];
    expect(earnedValue({ period: 'day', points: done }, '2026-11-01').projectedZeroDate).toBe('2026-11-01');
  });

  it('fits a line by least squares', () => {
    expect(
      leastSquares([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toEqual({ slope: 2, intercept: 1 });
    expect(leastSquares([{ x: 0, y: 1 }])).toBeNull();
  });
});

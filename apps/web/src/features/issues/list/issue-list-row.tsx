import { memo, type MouseEvent, type ReactNode } from 'react';
import {
  IconCalendar,
  IconHelpCircle,
  IconLink,
  IconMapPin,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { deadlineColor } from '@obra/domain';
import { badgeText } from '../../projects/project-sections.ts';
import { disciplineTagState } from '../shared/discipline-tag-state.ts';
import { PRIORITY_ICONS, STATUS_ICONS, VISIBILITY_ICONS } from '../shared/indicator-icons.ts';
import { priorityLook, statusLook, visibilityLook } from '../shared/indicator-model.ts';
import type { IssueRow } from './issue-row.ts';
import { rowFlags, rowLocation, type ListDisplay } from './list-display.ts';
import { rowCounters, rowFlag } from './row-marker-model.ts';
import classes from './issue-list.module.css';
import { useLongPress } from './use-long-press.ts';

/** What a row reports back to the list. */
export interface RowActions {
  open(id: number): void;
  toggleSelected(id: number): void;
  toggleStar(row: IssueRow): void;
  copyLink(row: IssueRow): void;
  /** The row became the keyboard's current row (clicked or touched). */
  focus(index: number): void;
}

/** Tags shown on a row before "+N". */
const MAX_TAGS = 4;

function Counter({
  count,
  label,
  tone,
  testId,
  icon,
}: {
  count: number;
  label: string;
  tone: string;
  testId: string;
  icon: ReactNode;
}) {
  if (count <= 0) return null;
  return (
    <span
      className={classes.counter}
      data-tone={tone}
      title={`${label}: ${count}`}
      aria-label={`${label}: ${count}`}
      data-testid={testId}
      data-count={count}
    >
      {icon}
      {badgeText(count)}
    </span>
  );
}

/**
 * A coloured indicator icon (status, priority, visibility, the late and pending flags) that names itself to screen
 * readers and on hover; `value` is the indicator's value for tests and styles, if it has one.
 */
function IndicatorIcon({
  color,
  label,
  testId,
  value,
  icon,
}: {
  color: string;
  label: string;
  testId: string;
  value?: string | number;
  icon: ReactNode;
}) {
  return (
    <span
      className={classes.icon}
      data-color={color}
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      data-value={value}
    >
      {icon}
    </span>
  );
}

function RowTags({ row, display }: { row: IssueRow; display: ListDisplay }) {
  const { labels } = display;
  const shown = row.disciplines.slice(0, MAX_TAGS);
  return (
    <>
      {shown.map((d) => {
        const state = disciplineTagState(d, display.statuses, display.today);
        const discipline = display.disciplineLabels.get(d.disciplineId);
        const text = `${discipline?.name ?? labels.unknownDiscipline}: ${labels.disciplineStatus(d.status)} (${labels.tagState(state)})`;
        return (
          <span
            key={d.disciplineId}
            className={classes.tag}
            data-state={state}
            title={text}
            aria-label={text}
            data-testid="discipline-tag"
          >
            {discipline?.abbreviation ?? '?'}
          </span>
        );
      })}
      {row.disciplines.length > MAX_TAGS && (
        <span className={classes.tag} data-state="more" data-testid="discipline-tags-more">
          +{row.disciplines.length - MAX_TAGS}
        </span>
      )}
    </>
  );
}

/**
 * One issue in the list view: two lines, virtualized (so its height is fixed), made of plain elements with
 * texts translated once for the list, because many rows mount while scrolling fast.
 */
export const IssueListRow = memo(function IssueListRow({
  row,
  index,
  display,
  selected,
  active,
  touchSelecting,
  top,
  height,
  actions,
}: {
  row: IssueRow;
  index: number;
  display: ListDisplay;
  selected: boolean;
  active: boolean;
  /** On touch, once something is selected, a tap selects instead of opening. */
  touchSelecting: boolean;
  /** Position in the virtual scroller. */
  top: number;
  height: number;
  actions: RowActions;
}) {
  const { labels } = display;
  const flags = rowFlags(row, display);
  const flag = rowFlag(flags);
  const unread = row.notificationsSummary.count > 0;
  const press = useLongPress(() => actions.toggleSelected(row.id));
  const starred = row.userPersonalData.starred;
  const status = statusLook(row.status);
  const StatusIcon = status.icon ? STATUS_ICONS[status.icon] : IconHelpCircle;
  const priority = priorityLook(row.priority);
  const PriorityIcon = PRIORITY_ICONS[priority.priority];
  const visibility = visibilityLook(row.visibility);
  const VisibilityIcon = VISIBILITY_ICONS[visibility.visibility];
  const due = flags.deadline ? deadlineColor(flags.deadline, display.today) : null;
  const location = rowLocation(
    row.locals.map((l) => l.localId),
    display.localLabels,
  );
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <div
      role="option"
      id={`issue-row-${row.id}`}
      aria-selected={selected}
      aria-label={`${row.code} ${row.title}`}
      data-testid="issue-row"
      data-issue-id={row.id}
      data-active={active || undefined}
      data-unread={unread || undefined}
      data-starred={starred || undefined}
      className={classes.row}
      style={{ height, transform: `translateY(${top}px)` }}
      {...press.handlers}
      onClick={() => {
        actions.focus(index);
        if (touchSelecting && press.wasTouch()) {
          actions.toggleSelected(row.id);
          return;
        }
        actions.open(row.id);
      }}
    >
      <span className={classes.unreadDot} data-visible={unread || undefined} aria-hidden />
      <input
        type="checkbox"
        className={classes.check}
        checked={selected}
        onChange={() => actions.toggleSelected(row.id)}
        onClick={stop}
        aria-label={labels.select(row.code)}
        tabIndex={-1}
        data-testid="issue-row-select"
      />
      <button
        type="button"
        className={classes.iconButton}
        data-tone="star"
        aria-label={starred ? labels.unstar : labels.star}
        aria-pressed={starred}
        title={starred ? labels.unstar : labels.star}
        tabIndex={-1}
        onClick={(event) => {
          event.stopPropagation();
          actions.toggleStar(row);
        }}
        data-testid="issue-row-star"
      >
        {starred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
      </button>
      {row.cover && (
        <img
          className={classes.thumb}
          src={row.cover}
          alt={labels.thumbnail(row.code)}
          loading="lazy"
          decoding="async"
          width={44}
          height={44}
          data-testid="issue-thumbnail"
        />
      )}
      <div className={classes.body}>
        <div className={classes.line} data-line="first">
          <IndicatorIcon
            color={status.color}
            label={labels.status(row.status)}
            testId="issue-status"
            value={status.status ?? row.status}
            icon={<StatusIcon size={18} />}
          />
          <span className={classes.code} data-testid="issue-code">
            {row.code}
          </span>
          <span className={classes.title} data-testid="issue-title">
            {row.title}
          </span>
          {flag && (
            <IndicatorIcon
              color={flag.color}
              label={labels[flag.label]}
              testId={flag.testId}
              icon={<flag.Icon size={16} />}
            />
          )}
          {rowCounters(row).map((c) => (
            <Counter
              key={c.label}
              count={c.count}
              label={labels[c.label]}
              tone={c.color}
              testId={c.testId}
              icon={<c.Icon size={10} />}
            />
          ))}
        </div>
        <div className={classes.line}>
          <IndicatorIcon
            color={priority.color}
            label={labels.priority(priority.priority)}
            testId="issue-priority"
            value={priority.priority}
            icon={<PriorityIcon size={18} />}
          />
          <IndicatorIcon
            color={visibility.color}
            label={labels.visibility(visibility.visibility)}
            testId="issue-visibility"
            value={visibility.visibility}
            icon={<VisibilityIcon size={18} />}
          />
          {location && (
            <span
              className={classes.location}
              title={labels.location(location.full)}
              aria-label={labels.location(location.full)}
              data-testid="issue-location"
            >
              <IconMapPin size={12} aria-hidden />
              {location.short}
            </span>
          )}
          <RowTags row={row} display={display} />
          {flags.deadline && due && (
            <span
              className={classes.deadline}
              data-color={due}
              title={labels.deadline(due, labels.date(flags.deadline))}
              aria-label={labels.deadline(due, labels.date(flags.deadline))}
              data-testid="deadline-badge"
            >
              <IconCalendar size={12} />
              {labels.date(flags.deadline)}
            </span>
          )}
          <span className={classes.author}>{display.userNames.get(row.createdByUserId) ?? ''}</span>
        </div>
      </div>
      <button
        type="button"
        className={classes.iconButton}
        aria-label={labels.copyLink(row.code)}
        title={labels.copyLink(row.code)}
        tabIndex={-1}
        data-action="copy-link"
        onClick={(event) => {
          event.stopPropagation();
          actions.copyLink(row);
        }}
        data-testid="issue-row-copy-link"
      >
        <IconLink size={16} />
      </button>
    </div>
  );
});

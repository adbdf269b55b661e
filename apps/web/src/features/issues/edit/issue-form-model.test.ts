import { describe, expect, it } from 'vitest';
import { imageFileProblem, imagesInput, moveImage, type FormImage } from './form-images-model.ts';
import {
  emptyIssueForm,
  formVariables,
  issueToForm,
  newDisciplineRow,
  pinJson,
  serverErrorsToForm,
  validateIssueForm,
  type IssueFormValues,
} from './issue-form-model.ts';

const image = (key: string, id: number | null, title: string): FormImage => ({
  key,
  id,
  title,
  url: `blob:${key}`,
  file: null,
  markUp: null,
  markedUp: null,
});

function valid(): IssueFormValues {
  return {
    ...emptyIssueForm(),
    title: 'Viga interfere com duto',
    disciplines: [newDisciplineRow(10, 'todo'), newDisciplineRow(20, 'doing', '2026-05-01')],
    images: [image('a', null, 'Planta')],
    pin: { x: 120.5, y: 40, imageKey: 'a' },
  };
}

describe('issue form (spec core §5)', () => {
  it('accepts a complete issue', () => {
    expect(validateIssueForm(valid())).toEqual({});
  });

  it('asks for a title, disciplines without repeats, a pin, and a group for group visibility', () => {
    expect(validateIssueForm({ ...valid(), title: '  ' })).toEqual({ title: 'REQUIRED_FIELD' });
    expect(validateIssueForm({ ...valid(), disciplines: [] })).toEqual({
      disciplines: 'ISSUE_MUST_HAVE_DISCIPLINES',
    });
    expect(
      validateIssueForm({ ...valid(), disciplines: [newDisciplineRow(10), newDisciplineRow(10)] }),
    ).toEqual({
      disciplines: 'DUPLICATED_DISCIPLINES',
    });
    expect(validateIssueForm({ ...valid(), disciplines: [newDisciplineRow(null)] })).toEqual({
      disciplines: 'REQUIRED_FIELD',
    });
    expect(validateIssueForm({ ...valid(), pin: null })).toEqual({ pin: 'INSERT_PIN_LOCATION' });
    expect(validateIssueForm({ ...valid(), visibility: 'group' })).toEqual({ groupId: 'REQUIRED_FIELD' });
  });

  it('sends every field, empty texts as null, and the pin with the image it is on', () => {
    const variables = formVariables(valid());
    expect(variables).toMatchObject({
      title: 'Viga interfere com duto',
      description: null,
      deadline: null,
      disciplines: [
        { disciplineId: 10, status: 'todo', deadline: null },
        { disciplineId: 20, status: 'doing', deadline: '2026-05-01' },
      ],
      pin: { x: 120.5, y: 40, color: 'red', image: { index: 0, title: 'Planta' } },
    });
  });

  it('keeps the pin on its image when the images are reordered', () => {
    const values = { ...valid(), images: [image('z', 5, 'Corte'), image('a', null, 'Planta')] };
    expect(pinJson(values)?.image).toEqual({ index: 1, title: 'Planta' });
    expect(pinJson({ ...values, images: moveImage(values.images, 'a', -1) })?.image).toEqual({
      index: 0,
      title: 'Planta',
    });
  });

  it('reads an issue back into the form with its pin on the stored image', () => {
    const form = issueToForm({
      title: 'T',
      description: null,
      status: 'resolved',
      priority: 'weird',
      visibility: 'MANAGEMENT',
      category: 3,
      creationPhase: null,
      resolutionPhase: 5,
      deadline: null,
      groupId: null,
      locals: [{ localId: 1 }],
      labels: [],
      disciplines: [{ disciplineId: 10, status: 'done', deadline: null }],
      pin: { x: 1, y: 2, image: { index: 1, title: 'B' } },
      images: [
        { id: 8, index: 1, title: 'B', original: '/files/b' },
        { id: 7, index: 0, title: 'A', original: '/files/a' },
      ],
    });
    expect(form.priority).toBe('low');
    expect(form.visibility).toBe('project_management');
    expect(form.images.map((i) => i.id)).toEqual([7, 8]);
    expect(form.pin).toEqual({ x: 1, y: 2, imageKey: 'img-8' });
  });

  it('places server errors next to their fields', () => {
    expect(serverErrorsToForm('REQUIRED_FIELD', { fields: ['title', 'status'] })).toEqual({
      title: 'REQUIRED_FIELD',
      status: 'REQUIRED_FIELD',
    });
    expect(serverErrorsToForm('REQUIRED_FIELD', { fields: ['groupId'] })).toEqual({
      groupId: 'REQUIRED_FIELD',
    });
    expect(serverErrorsToForm('BAD_USER_INPUT', { field: 'disciplines.0.status' })).toEqual({
      disciplines: 'BAD_USER_INPUT',
    });
    expect(serverErrorsToForm('INSERT_PIN_LOCATION', undefined)).toEqual({ pin: 'INSERT_PIN_LOCATION' });
    expect(serverErrorsToForm('DUPLICATED_DISCIPLINES', undefined)).toEqual({
      disciplines: 'DUPLICATED_DISCIPLINES',
    });
    expect(serverErrorsToForm('DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE', undefined)).toEqual({
      status: 'DISCIPLINE_STATUS_MUST_KEEP_ISSUE_NOT_ACTIVE',
    });
    expect(serverErrorsToForm('FORBIDDEN', undefined)).toEqual({ form: 'FORBIDDEN' });
  });
});

describe('form images', () => {
  it('accepts image files under 5 MB only', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe('FILE_EXTENSION_NOT_ALLOWED');
    expect(imageFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('FILE_SIZE_LIMIT_EXCEEDED');
  });

  it('sends kept images by id and new ones by their upload, in order', () => {
    const images = [image('a', null, ' Planta '), image('img-5', 5, 'Corte')];
    expect(imagesInput(images, new Map([['a', 'file-uuid']]))).toEqual([
      { index: 0, title: 'Planta', original: 'file-uuid' },
      { id: 5, index: 1, title: 'Corte' },
    ]);
    expect(() => imagesInput(images, new Map())).toThrow();
  });
});

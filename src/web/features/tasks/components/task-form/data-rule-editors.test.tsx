import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deliveryRulesMessages, type DeliveryRules } from '#shared/tasks/delivery-rules';
import { itemRuleMessages } from '#shared/tasks/item-rules';
import { outputSchemaOfShape, strictOutputSchema } from '#shared/tasks/output-schema';
import { listing, summary } from '#shared/tasks/output-shape.fixtures';
import type { Task } from '#shared/tasks/task.schema';
import { EditTaskRoute } from '#web/app/routes/dashboard/tasks/edit-task';
import { sentBodies, stubApi } from '#web/testing/api-stubs';
import { catalogBody } from '#web/testing/catalog-fixtures';
import { fillIn } from '#web/testing/fill-in';
import { makeTask } from '#web/testing/task-fixtures';
import { formReady, runEachTestAt } from '#web/testing/task-form-page';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

const now = new Date('2026-01-14T07:00:00Z');
const listSchema = strictOutputSchema(outputSchemaOfShape(listing));
const recordSchema = strictOutputSchema(outputSchemaOfShape(summary));

function renderEditTask(task: Task) {
  const fetchMock = stubApi({
    handlers: {
      'GET /api/catalog': () => jsonResponse(catalogBody()),
      'GET /api/tasks/task-1': () => jsonResponse({ task }),
      'PUT /api/tasks/task-1': ({ body }) => jsonResponse({ task: makeTask({ ...(body as Partial<Task>) }) }),
    },
  });
  renderWithToasts(
    [
      { path: '/dashboard/tasks/:taskId', element: <p>The task page</p> },
      { path: '/dashboard/tasks/:taskId/edit', Component: EditTaskRoute },
    ],
    { initialPath: '/dashboard/tasks/task-1/edit' },
  );
  return { fetchMock, user: userEvent.setup() };
}

const deliverGroup = () => screen.getByRole('group', { name: 'Deliver' });
const deliverChoices = () =>
  within(deliverGroup())
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);
const choice = (name: string) => within(deliverGroup()).getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const select = (label: string, scope: HTMLElement = document.body) => within(scope).getByLabelText(label) as HTMLSelectElement;
const optionTexts = (element: HTMLSelectElement) => Array.from(element.options).map((option) => option.textContent);
const rule = (number: number) => screen.getByRole('group', { name: `Rule ${number}` });
const update = () => screen.getByRole('button', { name: 'Update Task' });
const putBodies = (fetchMock: ReturnType<typeof stubApi>) => sentBodies(fetchMock, 'PUT', '/api/tasks/task-1');

describe('only new and changed items in the form (ADR 0122)', () => {
  runEachTestAt(now);

  it('offers them for a list result only, keyed by an item field or the whole item', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: listSchema }));
    await formReady();

    expect(deliverChoices()).toEqual(['always', 'changed', 'condition', 'new_items', 'changed_items', 'rules']);
    await user.click(choice('Only new items'));
    expect(optionTexts(select('Item key'))).toEqual([
      'Choose a field',
      'title',
      'price',
      'rooms',
      'furnished',
      'listed_on',
      'link',
      'status',
      'The whole item',
    ]);
    expect(screen.queryByRole('group', { name: 'Watched fields' })).toBeNull();

    await user.click(update());
    expect(await screen.findByText(itemRuleMessages.itemKey)).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([]);

    await user.selectOptions(select('Item key'), 'link');
    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([{ deliverWhen: 'new_items', itemKey: 'link', watchedFields: [], deliveryRules: null }]);
  });

  it('offers no item rules for a record result', async () => {
    renderEditTask(makeTask({ outputSchema: recordSchema }));
    await formReady();

    expect(deliverChoices()).toEqual(['always', 'changed', 'condition', 'rules']);
  });

  it('asks for watched fields other than the key for changed items, in the server’s words', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: listSchema }));
    await formReady();

    await user.click(choice('Only changed items'));
    expect(optionTexts(select('Item key'))).not.toContain('The whole item');
    await user.selectOptions(select('Item key'), 'link');
    const watched = within(screen.getByRole('group', { name: 'Watched fields' }));
    expect(watched.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'title',
      'price',
      'rooms',
      'furnished',
      'listed_on',
      'status',
    ]);

    await user.click(update());
    expect(await screen.findByText(itemRuleMessages.watchedFields)).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([]);

    await user.click(watched.getByRole('checkbox', { name: 'price' }));
    await user.click(watched.getByRole('checkbox', { name: 'status' }));
    await waitFor(() => expect(screen.queryByText(itemRuleMessages.watchedFields)).toBeNull());
    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([{ deliverWhen: 'changed_items', itemKey: 'link', watchedFields: ['price', 'status'] }]);
  });

  it('brings a saved rule into the form and sends it back as it was', async () => {
    const { fetchMock, user } = renderEditTask(
      makeTask({ outputSchema: listSchema, deliverWhen: 'changed_items', itemKey: 'title', watchedFields: ['price', 'listed_on'] }),
    );
    await formReady();

    expect(choice('Only changed items').checked).toBe(true);
    expect(select('Item key').value).toBe('title');
    const watched = within(screen.getByRole('group', { name: 'Watched fields' }));
    expect(
      watched
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['price', 'listed_on']);

    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([
      { outputSchema: listSchema, deliverWhen: 'changed_items', itemKey: 'title', watchedFields: ['price', 'listed_on'] },
    ]);
  });

  it('says so when the result no longer has the key field or is no longer a list', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: listSchema, deliverWhen: 'new_items', itemKey: 'title' }));
    await formReady();

    const nameOfField1 = within(screen.getByRole('group', { name: 'Field 1' })).getByLabelText('Field name') as HTMLInputElement;
    await fillIn(user, nameOfField1, 'headline');
    const fields = ['headline', 'price', 'rooms', 'furnished', 'listed_on', 'link', 'status'];
    expect(await screen.findByText(itemRuleMessages.unknownField('title', fields))).toBeTruthy();
    expect(select('Item key').selectedOptions[0]?.textContent).toBe('title (not in the result)');

    await user.click(screen.getByRole('radio', { name: 'A single record' }));
    expect(await screen.findByText(itemRuleMessages.needsList)).toBeTruthy();
    // Still chosen, so the user sees what no longer fits and picks another way to deliver.
    expect(choice('Only new items').checked).toBe(true);
    await user.click(update());
    await screen.findByText('Please fix the validation errors before submitting.');
    expect(putBodies(fetchMock)).toEqual([]);

    await user.click(choice('Every run'));
    expect(deliverChoices()).toEqual(['always', 'changed', 'condition', 'rules']);
    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([{ deliverWhen: 'always', itemKey: null, watchedFields: [] }]);
  });
});

describe('rules on fields in the form (ADR 0123)', () => {
  runEachTestAt(now);

  it('offers each field the operators and the value input of its type', async () => {
    const { user } = renderEditTask(makeTask({ outputSchema: listSchema }));
    await formReady();

    await user.click(choice('When rules on fields match'));
    expect(optionTexts(select('Field', rule(1)))).toEqual([
      'title (any item)',
      'price (any item)',
      'rooms (any item)',
      'furnished (any item)',
      'listed_on (any item)',
      'link (any item)',
      'status (any item)',
      'Number of items',
    ]);
    expect(optionTexts(select('Operator', rule(1)))).toEqual(['contains', 'is (=)', 'is not (!=)']);
    expect((within(rule(1)).getByLabelText('Value') as HTMLInputElement).type).toBe('text');

    await user.selectOptions(select('Field', rule(1)), 'price (any item)');
    expect(optionTexts(select('Operator', rule(1)))).toEqual([
      'is less than (<)',
      'is at most (<=)',
      'is more than (>)',
      'is at least (>=)',
      'is (=)',
      'is not (!=)',
    ]);
    expect((within(rule(1)).getByLabelText('Value') as HTMLInputElement).type).toBe('number');

    await user.selectOptions(select('Field', rule(1)), 'listed_on (any item)');
    expect((within(rule(1)).getByLabelText('Value') as HTMLInputElement).type).toBe('date');

    await user.selectOptions(select('Field', rule(1)), 'furnished (any item)');
    expect(optionTexts(select('Operator', rule(1)))).toEqual(['is yes', 'is no']);
    expect(within(rule(1)).queryByLabelText('Value')).toBeNull();

    await user.selectOptions(select('Field', rule(1)), 'Number of items');
    expect(optionTexts(select('Operator', rule(1)))).toEqual(['is more than']);
    expect((within(rule(1)).getByLabelText('Number of items') as HTMLInputElement).type).toBe('number');
  });

  it('sends the rules the user sets, refusing a value that does not fit in the server’s words', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: listSchema }));
    await formReady();

    await user.click(choice('When rules on fields match'));
    await user.selectOptions(select('Field', rule(1)), 'price (any item)');
    await user.selectOptions(select('Operator', rule(1)), '<');
    await user.click(update());
    expect(await screen.findByText(deliveryRulesMessages.number('price'))).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([]);

    await fillIn(user, within(rule(1)).getByLabelText('Value') as HTMLInputElement, '100000');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(select('Field', rule(2)), 'title (any item)');
    await fillIn(user, within(rule(2)).getByLabelText('Value') as HTMLInputElement, 'remote');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.click(within(rule(3)).getByRole('button', { name: 'Remove rule 3' }));
    await user.click(screen.getByRole('radio', { name: 'Any rule matches' }));

    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([
      {
        deliverWhen: 'rules',
        deliveryRules: {
          match: 'any',
          rules: [
            { field: 'price', op: '<', value: 100000 },
            { field: 'title', op: 'contains', value: 'remote' },
          ],
        },
        itemKey: null,
      },
    ]);
  });

  it('adds up to 10 rules and asks for at least one', async () => {
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: recordSchema }));
    await formReady();

    await user.click(choice('When rules on fields match'));
    const add = screen.getByRole('button', { name: 'Add rule' }) as HTMLButtonElement;
    for (let count = 1; count < 10; count += 1) await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Rule \d+$/ })).toHaveLength(10);
    expect(add.disabled).toBe(true);
    // Rows not typed in yet wait for a save before they complain.
    expect(screen.queryByText(deliveryRulesMessages.text('headline'))).toBeNull();

    for (let count = 10; count >= 1; count -= 1) await user.click(screen.getByRole('button', { name: `Remove rule ${count}` }));
    await user.click(update());
    expect(await screen.findByText(deliveryRulesMessages.rules)).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([]);
  });

  it('brings saved rules of every type into the form and sends them back as they were', async () => {
    const deliveryRules: DeliveryRules = {
      match: 'any',
      rules: [
        { field: 'price', op: '>=', value: 1200.5 },
        { field: 'title', op: 'contains', value: 'balcony' },
        { field: 'furnished', op: 'is_true' },
        { field: 'listed_on', op: '>', value: '2026-01-01' },
        { field: 'items', op: 'count_gt', value: 3 },
      ],
    };
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: listSchema, deliverWhen: 'rules', deliveryRules }));
    await formReady();

    expect(choice('When rules on fields match').checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Any rule matches' }) as HTMLInputElement).checked).toBe(true);
    expect(select('Field', rule(1)).value).toBe('price');
    expect(select('Operator', rule(1)).value).toBe('>=');
    expect((within(rule(1)).getByLabelText('Value') as HTMLInputElement).value).toBe('1200.5');
    expect(within(rule(3)).queryByLabelText('Value')).toBeNull();
    expect((within(rule(4)).getByLabelText('Value') as HTMLInputElement).value).toBe('2026-01-01');
    expect((within(rule(5)).getByLabelText('Number of items') as HTMLInputElement).value).toBe('3');

    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([{ outputSchema: listSchema, deliverWhen: 'rules', deliveryRules }]);
    expect((putBodies(fetchMock)[0] as { deliveryRules: DeliveryRules }).deliveryRules).toEqual(deliveryRules);
  });

  it('says so when a rule’s field leaves the result', async () => {
    const deliveryRules: DeliveryRules = { match: 'all', rules: [{ field: 'headline', op: 'contains', value: 'storm' }] };
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: recordSchema, deliverWhen: 'rules', deliveryRules }));
    await formReady();

    const nameOfField1 = within(screen.getByRole('group', { name: 'Field 1' })).getByLabelText('Field name') as HTMLInputElement;
    await fillIn(user, nameOfField1, 'title');
    expect(await screen.findByText(deliveryRulesMessages.unknownField('headline'))).toBeTruthy();
    expect(select('Field', rule(1)).selectedOptions[0]?.textContent).toBe('headline (not in the result)');

    await user.selectOptions(select('Field', rule(1)), 'title');
    await user.click(update());
    await screen.findByText('Task updated');
    expect(putBodies(fetchMock)).toMatchObject([
      { deliverWhen: 'rules', deliveryRules: { match: 'all', rules: [{ field: 'title', op: 'contains', value: 'storm' }] } },
    ]);
  });

  it('says rules need a structured result once it is switched off', async () => {
    const deliveryRules: DeliveryRules = { match: 'all', rules: [{ field: 'headline', op: 'contains', value: 'storm' }] };
    const { fetchMock, user } = renderEditTask(makeTask({ outputSchema: recordSchema, deliverWhen: 'rules', deliveryRules }));
    await formReady();

    await user.click(screen.getByRole('switch', { name: 'Return results as data' }));
    expect(await screen.findByText(deliveryRulesMessages.withoutOutputSchema)).toBeTruthy();
    expect(choice('When rules on fields match').checked).toBe(true);
    await user.click(update());
    await screen.findByText('Please fix the validation errors before submitting.');
    expect(putBodies(fetchMock)).toEqual([]);
  });
});

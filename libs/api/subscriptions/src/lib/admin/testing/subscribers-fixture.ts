import { DomainEvents, type DomainEvent } from '@blog/api/core';
import type { TestAppContext } from '@blog/api/testing';

/**
 * The set-up of the owner's subscriber specs: the topics Travel and Poems (subscribable) and Private (not),
 * the domain events the app announces, recorded, and no subscriber nor suppression before each test.
 */
export function useSubscribersFixture(t: TestAppContext) {
  const fixture = { topics: { travel: 0, poems: 0, hidden: 0 }, events: [] as DomainEvent[] };
  beforeAll(async () => {
    const [travel, poems, hidden] = await t.database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug, subscribable) VALUES ('Travel', 'travel', true), ('Poems', 'poems', true),
         ('Private', 'private', false) RETURNING id`,
    );
    Object.assign(fixture.topics, { travel: travel.id, poems: poems.id, hidden: hidden.id });
    t.app.get(DomainEvents).subscribe(async (event) => void fixture.events.push(event));
  });
  beforeEach(async () => {
    await t.database.dataSource.query(`TRUNCATE subscribers, suppressions CASCADE`);
    fixture.events.length = 0;
  });
  return fixture;
}

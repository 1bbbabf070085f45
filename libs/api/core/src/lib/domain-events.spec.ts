import pino from 'pino';
import type { Category } from '@blog/contracts';
import { DomainEvents, type DomainEvent } from './domain-events';

const CATEGORY: Category = {
  id: 1,
  name: 'Travel',
  slug: 'travel',
  description: '',
  subscribable: true,
  updated_at: '2025-01-05T10:00:00.000Z',
  version: 1,
  language: 'en',
  translations: [],
};

describe('DomainEvents', () => {
  const lines: string[] = [];
  const events = () => new DomainEvents(pino({ level: 'error' }, { write: (line: string) => void lines.push(line) }));

  it('hands each event to every listener, in order', async () => {
    const bus = events();
    const heard: string[] = [];
    bus.subscribe(async (event) => void heard.push(`a ${event.event}`));
    bus.subscribe(async (event) => void heard.push(`b ${event.event}`));
    await bus.emit('category.created', CATEGORY);
    expect(heard).toEqual(['a category.created', 'b category.created']);
  });

  it('logs a listener’s failure and goes on: the save that emitted never fails for it', async () => {
    const bus = events();
    const heard: DomainEvent[] = [];
    bus.subscribe(async () => {
      throw new Error('database down');
    });
    bus.subscribe(async (event) => void heard.push(event));
    await expect(bus.emit('category.deleted', CATEGORY)).resolves.toBeUndefined();
    expect(heard).toEqual([{ event: 'category.deleted', data: CATEGORY }]);
    expect(lines.join('')).toContain('A listener of a domain event failed');
  });

  it('emits nothing while muted (an import), within and after awaits, and again after', async () => {
    const bus = events();
    const heard: string[] = [];
    bus.subscribe(async (event) => void heard.push(event.event));
    const answer = await bus.muted(async () => {
      await bus.emit('category.created', CATEGORY);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await bus.emit('category.updated', CATEGORY);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(heard).toEqual([]);
    await bus.emit('category.deleted', CATEGORY);
    expect(heard).toEqual(['category.deleted']);
  });
});

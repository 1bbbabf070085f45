import { Logger } from '@nestjs/common';
import type { PostCursor, RenderedPageStore } from './rendered-page-store';

/** Renders `key` and keeps it in the store (`publicPages` gives it). */
export type RenderToStore = (key: string) => Promise<void>;

/** One walker across instances: a session lock on the database, released when its connection goes. */
export interface WalkLock {
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** Posts looked up at a time. */
const BATCH = 100;
/** A walk starts once changes pause this long: an import announces a change per post. */
const SETTLE_MS = 1000;

/**
 * Renders the page of every visible post that the store does not hold at its version, newest first,
 * one at a time, on one instance at a time: at start (after a deploy, the new build's pages) and
 * after changes to posts (a post saved, published, restored). Pages stale only by another table
 * (categories, the layout's recent posts) are left to render again when read: walking a large site
 * after every post published would keep a core busy for nobody.
 */
export class PostPagePrerenderer {
  private readonly logger = new Logger('PostPagePrerenderer');
  private render: RenderToStore | null = null;
  private timer: NodeJS.Timeout | null = null;
  private walking: Promise<void> | null = null;
  private walkAgain = false;
  private stopped = false;
  private droppedOtherBuilds = false;

  constructor(
    private readonly store: RenderedPageStore,
    private readonly lock: WalkLock,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** Whether a walk is due or running (the bench and tests wait for none). */
  get busy(): boolean {
    return this.timer !== null || this.walking !== null;
  }

  /** Starts walking with `render` (set once, by the middleware that renders the pages). */
  start(render: RenderToStore): void {
    this.render = render;
    this.schedule();
  }

  /** A walk once changes pause; one running now walks again after it ends. */
  schedule(): void {
    if (this.stopped || !this.render) return;
    if (this.walking) {
      this.walkAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.walking = this.walk()
        .catch((error: Error) => this.logger.warn(`Rendering the post pages ahead failed: ${error.message}`))
        .finally(() => {
          this.walking = null;
          if (this.walkAgain) {
            this.walkAgain = false;
            this.schedule();
          }
        });
    }, this.settleMs);
    this.timer.unref();
  }

  /** Stops at the next page and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.walking;
  }

  private async walk(): Promise<void> {
    const render = this.render;
    // Another instance walks: it heard the same changes.
    if (!render || !(await this.lock.acquire())) return;
    try {
      if (!this.droppedOtherBuilds) {
        await this.store.dropOtherBuilds();
        this.droppedOtherBuilds = true;
      }
      let rendered = 0;
      // Newest first, each post once per walk (one that does not render as a kept page is not retried until the next).
      for (let cursor: PostCursor | undefined; ;) {
        const posts = await this.store.postsToRender(BATCH, cursor);
        if (posts.length === 0) break;
        for (const post of posts) {
          if (this.stopped) return;
          await render(`/${post.slug}`).catch((error: Error) =>
            this.logger.warn(`Rendering /${post.slug} ahead failed: ${error.message}`),
          );
          rendered += 1;
        }
        cursor = posts[posts.length - 1];
      }
      if (rendered > 0) this.logger.log(`Rendered ${rendered} post pages ahead of their visitors`);
    } finally {
      await this.lock.release().catch(() => undefined);
    }
  }
}

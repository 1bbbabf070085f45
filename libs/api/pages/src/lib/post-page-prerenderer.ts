import { Logger } from '@nestjs/common';
import type { JobQueue } from '@blog/api/jobs';
import type { PostCursor, RenderedPageStore } from './rendered-page-store';

/** Renders `key` and keeps it in the store (`publicPages` gives it). */
export type RenderToStore = (key: string) => Promise<void>;

/** The job that renders the post pages ahead: one queued and one running at most, across instances. */
export const RENDER_AHEAD_JOB = 'pages.render-ahead';

/** Posts looked up at a time. */
const BATCH = 100;
/** A walk is queued once changes pause this long: an import announces a change per post. */
const SETTLE_MS = 1000;
/**
 * A run renders for at most this long, then queues the rest (a run is retried elsewhere when its
 * instance dies; `RUN_EXPIRY_SECONDS` says when it is taken as dead).
 */
const RUN_BUDGET_MS = 5 * 60_000;
const RUN_EXPIRY_SECONDS = 15 * 60;

/**
 * Renders the page of every visible post that the store does not hold at its version, newest first,
 * one at a time, as a job of the shared queue (so on one instance at a time): at start (after a
 * deploy, the new build's pages) and after changes to posts (a post saved, published, restored).
 * Pages stale only by another table (categories, the layout's recent posts) are left to render again
 * when read: walking a large site after every post published would keep a core busy for nobody.
 */
export class PostPagePrerenderer {
  private readonly logger = new Logger('PostPagePrerenderer');
  private store: RenderedPageStore | null = null;
  private render: RenderToStore | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private droppedOtherBuilds = false;

  constructor(
    private readonly jobs: JobQueue | undefined,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** Whether a walk is waiting to be queued (the specs wait for none). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  /** Registers the job, before the queue starts (`onModuleInit`). */
  register(): void {
    this.jobs?.register({
      name: RENDER_AHEAD_JOB,
      handler: (_data, { signal }) => this.run(signal),
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: RUN_EXPIRY_SECONDS,
      policy: 'stately',
    });
  }

  /** Renders into `store` with `render` (set once, by the middleware that renders the pages), and walks once the queue runs. */
  start(store: RenderedPageStore, render: RenderToStore): void {
    this.store = store;
    this.render = render;
    this.schedule();
  }

  /** Queues a walk once changes pause (none is queued twice: a walk running now is followed by one more). */
  schedule(): void {
    if (this.stopped || !this.render || !this.jobs) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.jobs?.sendUnlessQueued(RENDER_AHEAD_JOB, {}, { singletonKey: RENDER_AHEAD_JOB }).catch((error: Error) => {
        // The queue not started yet, or the database away: asked again later.
        this.logger.warn(`Queuing the post pages' rendering failed: ${error.message}`);
        setTimeout(() => this.schedule(), 5 * this.settleMs).unref();
      });
    }, this.settleMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The job: every post page the store lacks, newest first, within the run's budget. */
  private async run(signal: AbortSignal): Promise<void> {
    const { store, render } = this;
    // Another instance renders them (this one serves no pages: the API alone).
    if (!store || !render) throw new Error('This instance renders no pages');
    if (!this.droppedOtherBuilds) {
      await store.dropOtherBuilds();
      this.droppedOtherBuilds = true;
    }
    const deadline = Date.now() + RUN_BUDGET_MS;
    let rendered = 0;
    // Each post once per run (one that does not render as a kept page waits for the next run).
    for (let cursor: PostCursor | undefined; ;) {
      const posts = await store.postsToRender(BATCH, cursor);
      if (posts.length === 0) break;
      for (const post of posts) {
        if (signal.aborted) throw new Error('Stopped: the next run renders the rest');
        await render(post.key).catch((error: Error) =>
          this.logger.warn(`Rendering ${post.key} ahead failed: ${error.message}`),
        );
        rendered += 1;
      }
      cursor = posts[posts.length - 1];
      if (Date.now() > deadline) {
        await this.jobs?.sendUnlessQueued(RENDER_AHEAD_JOB, {}, { singletonKey: RENDER_AHEAD_JOB });
        break;
      }
    }
    if (rendered > 0) this.logger.log(`Rendered ${rendered} post pages ahead of their visitors`);
  }
}

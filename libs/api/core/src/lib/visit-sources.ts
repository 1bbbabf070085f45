import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { StatsSource } from '@blog/contracts';

/** Where a visit came from: its group and the name it was known by (`google`, `l.facebook.com`, a `utm_source`). */
export interface VisitSource {
  source: StatsSource;
  name: string | null;
}

/** What a request is known by for this: its client address (as `trust proxy` decides it) and its headers. */
export interface VisitRequest {
  address: string;
  headers: IncomingMessage['headers'];
}

export type VisitSourceLookup = (req: VisitRequest) => VisitSource | null;

/**
 * The source of the visit a request belongs to, for a domain that records it with what the visitor
 * sends (a contact message): the analytics domain answers it (`answerWith`), the others ask it
 * here, a domain never importing another. Null when nobody answers or the visit is not known.
 */
@Injectable()
export class VisitSources {
  private lookup: VisitSourceLookup = () => null;

  answerWith(lookup: VisitSourceLookup): void {
    this.lookup = lookup;
  }

  of(req: VisitRequest): VisitSource | null {
    return this.lookup(req);
  }
}

import { Injectable } from '@nestjs/common';
import { trashRouter } from '@blog/api/http';
import { TrashService } from './trash.service';

/** The same as `TrashController`, as tRPC procedures (administrators only): `trash.list/restore/deleteForever/empty`. */
@Injectable()
export class TrashRouter {
  constructor(private readonly trash: TrashService) {}

  readonly router = trashRouter(() => this.trash);
}

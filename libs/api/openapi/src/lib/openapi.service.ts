import { Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { AnswerChecker } from './conformance';
import { discoverRoutes, type DiscoveredRoute } from './discovered-routes';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** The app's OpenAPI document, built from its registered routes on first use and kept in memory. */
@Injectable()
export class OpenApiService {
  private built?: { document: OpenApiDocument; json: string };
  private checker?: AnswerChecker;

  constructor(private readonly modules: ModulesContainer) {}

  routes(): DiscoveredRoute[] {
    return discoverRoutes(this.modules);
  }

  document(): OpenApiDocument {
    return this.build().document;
  }

  /** The document as sent (serialised once). */
  json(): string {
    return this.build().json;
  }

  /** Checks answers against the document (for the tests). */
  answerChecker(): AnswerChecker {
    return (this.checker ??= new AnswerChecker(this.document()));
  }

  private build() {
    if (!this.built) {
      const document = buildOpenApiDocument(this.routes());
      this.built = { document, json: JSON.stringify(document) };
    }
    return this.built;
  }
}

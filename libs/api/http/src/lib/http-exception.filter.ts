import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { ApiErrorBody } from '@blog/contracts';
import type { Request, Response } from 'express';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  asDomainError,
  DomainError,
  HTTP_STATUS_OF,
  logUnexpectedError,
  UNEXPECTED_ERROR_MESSAGE,
} from '@blog/api/core';
import { sendErrorBody } from './problem-details';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  500: 'Internal Server Error',
};

/**
 * Turns every error of a REST call into one JSON shape: `{statusCode, error, message, errors?}`, or
 * RFC 9457 problem details when the caller's `Accept` prefers `application/problem+json`.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(thrown: unknown, host: ArgumentsHost): void {
    // A database outage (from a service or from the session middleware) is a 503, never a 500.
    const exception = asDomainError(thrown) ?? thrown;
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (exception instanceof DomainError && exception.headers) response.set(exception.headers);
    // Every 429 and 503 says when to come back, whatever raised it.
    if ((body.statusCode === 429 || body.statusCode === 503) && !response.get('Retry-After')) {
      response.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    const request = host.switchToHttp().getRequest<Request>();
    // A 503 for an outage is meant; TypeORM has logged the failed query already.
    if (body.statusCode >= 500 && !(exception instanceof DomainError)) {
      logUnexpectedError(request, exception, `${request.method} ${request.originalUrl}`);
    }
    sendErrorBody(request, response, body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof DomainError) {
      const statusCode = HTTP_STATUS_OF[exception.code];
      // A version conflict's `current` and `changed` go beside the message.
      return {
        statusCode,
        error: REASON[statusCode],
        message: exception.message,
        errors: exception.errors,
        ...exception.details,
      };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response && 'message' in response
          ? String((response as { message: unknown }).message)
          : exception.message;
      return { statusCode, error: REASON[statusCode] ?? exception.name, message };
    }
    // Errors raised by Express middleware before a route (malformed JSON, oversized body).
    const status = (exception as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, error: REASON[status] ?? 'Error', message: (exception as Error).message };
    }
    return { statusCode: 500, error: REASON[500], message: UNEXPECTED_ERROR_MESSAGE };
  }
}

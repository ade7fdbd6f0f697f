/**
 * Business-rule failures that core functions throw; app.ts maps each to its HTTP status and the API's error shape.
 * Anything else is a bug and answers 500 without details.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 403 | 404 | 409 | 422 | 503,
    message: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', 409, message);
  }
}

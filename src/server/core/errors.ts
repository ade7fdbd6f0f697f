/**
 * Business-rule failures that core functions throw; app.ts maps each to its HTTP status and the API's error shape.
 * Anything else is a bug and answers 500 without details.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 403 | 404 | 409 | 410 | 422 | 429 | 502 | 503,
    message: string,
    /** Messages per input field (`deliveryConfig.webhookUrl`), as request validation reports them. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * An input rule the shared schema cannot check because it depends on the server (its environment, its data):
 * answered like a schema failure, 400 `validation_failed` with the field's message, so the form shows it in place.
 */
export class ValidationError extends DomainError {
  constructor(field: string, message: string) {
    super('validation_failed', 400, message, { [field]: message });
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

/** Beyond what the user's plan allows (active tasks, runs a month): 403 `plan_limit`, with the plan's name and number. */
export class PlanLimitError extends DomainError {
  constructor(message: string) {
    super('plan_limit', 403, message);
  }
}

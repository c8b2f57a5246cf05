import { AppError } from '@quire/shared';

/**
 * A pure in-process breaker: after `threshold` LibreOffice failures in a row (crashes, failed starts) it answers
 * `SERVER_BUSY` at once for `coolDownMs`, instead of restarting a broken LibreOffice for every visitor.
 */
export class CircuitBreaker {
  readonly #threshold: number;
  readonly #coolDownMs: number;
  #failures = 0;
  #openUntil = 0;

  constructor(threshold: number, coolDownMs: number) {
    this.#threshold = threshold;
    this.#coolDownMs = coolDownMs;
  }

  /** Throws `SERVER_BUSY` while the breaker is open. */
  check(): void {
    const waitMs = this.#openUntil - Date.now();
    if (waitMs > 0) {
      throw new AppError('SERVER_BUSY', 'The document converter is restarting; try again shortly.', {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      });
    }
  }

  recordSuccess(): void {
    this.#failures = 0;
  }

  recordFailure(): void {
    this.#failures += 1;
    if (this.#failures >= this.#threshold) {
      this.#failures = 0;
      this.#openUntil = Date.now() + this.#coolDownMs;
    }
  }
}

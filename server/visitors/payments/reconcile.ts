import type { Db } from "../../db/client";
import { describeDatabaseError } from "../../db/errors";
import { runJob } from "../../operations/job-runs";
import type { Logger } from "../../operations/logger";
import type { Payments } from "./service";

/**
 * Runs the payments reconciliation once at start and then every PAYSTACK_RECONCILE_SECONDS.
 * Sweeps never overlap; several instances may sweep at once, because recording a payment is a
 * conditional update that lets only the first confirmation through. Each sweep checks every order
 * not checked since the previous sweep began, so none waits more than two. `stop` aborts the
 * Paystack request under way, so a shutdown never waits on a hanging Paystack. Given `db`, each
 * sweep is recorded in job_runs ("reconciliation") for GET /status.
 */
export function startReconciliation(
  payments: Pick<Payments, "reconcile">,
  options: { intervalSeconds: number; logger: Logger; db?: Db },
) {
  const { logger } = options;
  let sweeps = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  const abort = new AbortController();
  let previousStart: Date | undefined;

  const sweep = () => {
    if (running || stopped) return running;
    const dueBefore = previousStart;
    previousStart = new Date();
    const { db } = options;
    const once = () => payments.reconcile({ dueBefore, signal: abort.signal });
    running = (db ? runJob(db, "reconciliation", once) : once())
      .then(({ checked, paid }) => {
        if (checked > 0) logger.info({ checked, paid }, "pending payments reconciled");
      })
      .catch((error: unknown) =>
        logger.error({ err: describeDatabaseError(error) }, "payment reconciliation failed"),
      )
      .finally(() => {
        sweeps += 1;
        running = undefined;
      });
    return running;
  };

  void sweep();
  const timer = setInterval(sweep, options.intervalSeconds * 1000);
  timer.unref();
  return {
    /** completed sweeps, for tests */
    sweeps: () => sweeps,
    /** Stops the timer, aborts a sweep under way and waits for it to end. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/queue';
import type { AuthService } from './auth.service';
import type { AuthFlowsRepo } from '../account-security/auth-flows.repo';
import type { ResetTokensRepo, SessionsRepo } from './sessions.repo';

type Deps = { auth: AuthService; sessions: SessionsRepo; resetTokens: ResetTokensRepo; authFlows: AuthFlowsRepo; log: FastifyBaseLogger };

/** The auth module's jobs: reset links mailed after the answer, and the hourly purge of what expired. */
export function registerAuthJobs(queue: JobQueue, d: Deps): void {
  queue.work('password-reset.requested', async ({ email }) => {
    await d.auth.sendResetLink(email);
  });
  queue.work('tokens.expired', async () => {
    const [sessions, resetTokens, signInSteps] = [await d.sessions.deleteExpired(), await d.resetTokens.deleteExpired(), await d.authFlows.deleteExpired()];
    d.log.info({ sessions, resetTokens, signInSteps }, 'expired sessions, reset links and sign-in steps removed');
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { screens } from '../../../contract/screens';
import type { Config } from '../../config';
import type { JobQueue } from '../../jobs/queue';
import { newSignInMail } from '../../mail/templates';
import { assertCanSignIn, type AuthService, type NewSession } from '../auth/auth.service';
import type { UserRow } from '../users/users.repo';
import type { SignInSourcesRepo } from './sign-in-sources.repo';
import { deviceName } from './user-agent';

/**
 * Where a sign-in comes from: the address, the browser's own description, the device cookie it
 * showed (`presentedDevice`, null when none) and the one it is given now (`issuedDevice`).
 */
export type SignInContext = { ip: string; userAgent: string | null; presentedDevice: string | null; issuedDevice: string | null };

type Deps = { config: Config; auth: AuthService; sources: SignInSourcesRepo; queue: JobQueue; log: FastifyBaseLogger };

/**
 * Every way in ends here (password, second factor, passkey, single sign-on, sign-up): the
 * session starts with where it came from, and a sign-in from a device and an address this account
 * never used is mailed to the member on the security queue.
 */
export function createSignInService(d: Deps) {
  return {
    async start(user: UserRow, ctx: SignInContext): Promise<NewSession> {
      assertCanSignIn(user);
      const session = await d.auth.startSession(user, { ip: ctx.ip, userAgent: ctx.userAgent });
      const shown = [`ip:${ctx.ip}`, ...(ctx.presentedDevice ? [`dev:${ctx.presentedDevice}`] : [])];
      const { known, any } = await d.sources.lookup(user.id, shown);
      // An account with no record yet (a sign-up, or one older than this record) learns its first sources quietly.
      if (any && !known) await mailNewSignIn(user, ctx);
      await d.sources.record(user.id, [...shown, ...(ctx.issuedDevice ? [`dev:${ctx.issuedDevice}`] : [])]);
      return session;
    },
  };

  async function mailNewSignIn(user: UserRow, ctx: SignInContext): Promise<void> {
    const mail = newSignInMail(user, { device: deviceName(ctx.userAgent), address: ctx.ip, at: new Date(), settingsLink: `${d.config.publicUrl}${screens.settings('security')}` });
    // Enqueued before the answer; a failed enqueue is logged and does not undo the sign-in.
    await d.queue.send('mail.security', mail).catch((err) => d.log.error({ err }, 'new sign-in notice not queued'));
  }
}
export type SignInService = ReturnType<typeof createSignInService>;

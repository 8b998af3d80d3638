import type { Services } from './composition';
import type { CounterStore, TurnStore } from './lib/throttle';
import { createAccountSecurityService } from './modules/account-security/account-security.service';
import { createPasswordSignIn } from './modules/account-security/password-sign-in';
import { createRecentSignInGuard } from './modules/account-security/recent-sign-in';
import { createAuthThrottle } from './modules/auth/auth.throttle';
import { createSignInReply } from './modules/auth/sign-in-reply';
import { createFileReads } from './modules/files/reads/file-reads';
import { createReadsRepo } from './modules/files/reads/reads.repo';
import { createSocialService } from './modules/files/social.service';
import { createViewCounter } from './modules/files/view-counter';
import { createViewsRepo } from './modules/files/views.repo';
import { createPageModels } from './modules/public-pages/page-models';
import { readPageAssets } from './modules/public-pages/page-assets';
import { createPublicPagesRepo } from './modules/public-pages/public-pages.repo';
import { createPublicPagesService } from './modules/public-pages/public-pages.service';
import { createShareImages } from './modules/public-pages/share-image';
import { createSearchService } from './modules/search/search.service';
import { createSimilarIndex } from './modules/similar/similar-index';
import { createSimilarService } from './modules/similar/similar.service';

export type HttpAdapters = {
  /** Where throttling keeps its counters (in process, or Redis when scaled out). */
  counters: CounterStore;
  /** Where an attacked account's sign-ins take turns (same: in process, or Redis). */
  turns: TurnStore;
  /** How often buffered views are written (2 s); tests shorten it. */
  viewFlushMs?: number;
};

/**
 * What only a process serving requests holds: the hot read caches, the buffered view counter
 * (a timer, closed by the app), the neighbour index of "More like this" (filled when the app is
 * ready, then kept current by the bus), the sign-in throttle, and visitors' pages with their
 * share cards (cached as sent).
 */
export function composeHttpServices(s: Services, h: HttpAdapters) {
  const { counters } = h;
  const reads = createFileReads(createReadsRepo(s.db, s.once), s.bus);
  const similarIndex = createSimilarIndex(s.fingerprints, s.bus);
  const throttle = createAuthThrottle(s.config, counters, h.turns);
  const signInReply = createSignInReply({ config: s.config, signIn: s.signIn, sessions: s.sessions, secret: s.secret });
  const similar = createSimilarService({ index: similarIndex, fingerprints: s.fingerprints, reads });
  // Visitors' pages read through the same caches members' reads do (docs/decisions/031).
  const pages = createPublicPagesRepo(s.db);
  const pageModels = createPageModels({ reads, similar, files: s.files, users: s.users, folders: s.folderRepos.folders, pages });
  return {
    counters,
    throttle,
    signInReply,
    passwordSignIn: createPasswordSignIn({ ...s, flows: s.authFlows, throttle, signIn: signInReply }),
    security: createAccountSecurityService({ ...s, flows: s.authFlows, throttle }),
    recentSignIn: createRecentSignInGuard(s.sessions),
    reads,
    views: createViewCounter({ repo: createViewsRepo(), events: s.events, log: s.log }, { flushMs: h.viewFlushMs }),
    similarIndex,
    similar,
    search: createSearchService({ search: s.search, reads, folders: s.folderRepos.folders, links: s.folderRepos.links }),
    socialService: createSocialService({ files: s.files, social: s.social, discovery: s.discovery, reads }),
    pageModels,
    publicPages: createPublicPagesService({ models: pageModels, pages, users: s.users, folders: s.folderRepos.folders, bus: s.bus, publicUrl: () => s.config.publicUrl, assets: readPageAssets(s.config.clientDir) }),
    shareImages: createShareImages(s.storage, s.bus),
  };
}
export type HttpServices = ReturnType<typeof composeHttpServices>;

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { memberOnlyScreens, screenPaths, screens } from '@contract/screens';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { PreferencesEffect } from '@/features/settings/preferences-effect';
import { currentUserKey, useAuth } from '@/lib/auth';
import { forgetHeldPageAtStart, useHeldLocation, useHeldSearch } from '@/lib/held-location';
import { FileDialogHost } from '@/features/files/file-dialog-host';
import { LandingPage } from '@/routes/landing';
import { NotFoundPage } from '@/routes/not-found';
import { OfflineBanner } from '@/features/app/offline-banner';

// Only the landing ships in the main bundle (its first load stays under 150 kB gzip); every
// other screen, the member home with its feed and upload code included, loads on demand.
// The upload queue and its dialog exist for members only: visitors never download them.
const loadUploads = () => import('@/features/files/upload-dialog');
const loadHome = () => import('@/routes/home');
const UploadProvider = lazy(() => loadUploads().then((m) => ({ default: m.UploadProvider })));
const HomePage = lazy(() => loadHome().then((m) => ({ default: m.HomePage })));
const AuthPage = lazy(() => import('@/routes/auth').then((m) => ({ default: m.AuthPage })));
const ResetPasswordPage = lazy(() => import('@/routes/reset-password').then((m) => ({ default: m.ResetPasswordPage })));
const AboutPage = lazy(() => import('@/routes/about').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() => import('@/routes/contact').then((m) => ({ default: m.ContactPage })));
const PolicyPage = lazy(() => import('@/routes/policy').then((m) => ({ default: m.PolicyPage })));
const SettingsPage = lazy(() => import('@/routes/settings').then((m) => ({ default: m.SettingsPage })));
const FilePage = lazy(() => import('@/routes/file').then((m) => ({ default: m.FilePage })));
const FolderPage = lazy(() => import('@/routes/folder').then((m) => ({ default: m.FolderPage })));
const InvitePage = lazy(() => import('@/routes/invite').then((m) => ({ default: m.InvitePage })));
const ProfilePage = lazy(() => import('@/routes/profile').then((m) => ({ default: m.ProfilePage })));
const SearchPage = lazy(() => import('@/routes/search').then((m) => ({ default: m.SearchPage })));
const NotificationsPage = lazy(() => import('@/routes/notifications').then((m) => ({ default: m.NotificationsPage })));
const AdminPage = lazy(() => import('@/routes/admin').then((m) => ({ default: m.AdminPage })));
const UnsubscribePage = lazy(() => import('@/routes/unsubscribe').then((m) => ({ default: m.UnsubscribePage })));

// Screens only a signed-in member may reach: signed-out visitors are sent to sign in.
const MEMBER_ONLY = memberOnlyScreens.map((name) => screenPaths[name]);

function isMemberOnly(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return MEMBER_ONLY.some((pattern) => pattern.split('/')[1] === first);
}

// Screens the server renders for visitors when what they show is public (docs/decisions/031).
const VISITOR_PAGES = [screenPaths.file, screenPaths.folder, screenPaths.profile];
/** The address the app started at: a visitor's page reached inside the app is loaded from the server instead. */
const startPath = typeof window === 'undefined' ? '' : window.location.pathname;

function SignedOutFallback() {
  const [location] = useLocation();
  // Sign-in has just stored the member and moved to the page it came for: the screens learn of
  // the member on the next tick, so wait for it rather than send them to sign in again.
  const justSignedIn = useQueryClient().getQueryData(currentUserKey) != null;
  const visitorPage = VISITOR_PAGES.some((pattern) => matchRoute(pattern, location));
  useEffect(() => {
    // Reached inside the app (not at start, where the server already chose the app): the server's page.
    if (visitorPage && location !== startPath) window.location.assign(location);
  }, [visitorPage, location]);
  if (justSignedIn || (visitorPage && location !== startPath)) return <FullPageSpinner />;
  // Signed in, they come back here (spec: a member-only link opened signed out).
  if (isMemberOnly(location)) return <Redirect to={screens.auth({ tab: 'login', next: location + window.location.search })} replace />;
  return <NotFoundPage />;
}

/** Whether `path` fits a route pattern of the table (`:name` takes one segment). */
function matchRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/**
 * The member as the screens show them. A new member (the session check answering, a sign-in)
 * re-renders every screen in a transition React may interrupt, the spinner staying until it is
 * done: the member home's first render in one piece was a phone's longest task.
 */
function useShownAuth() {
  const auth = useAuth();
  const user = useDeferredValue(auth.user);
  return { user, isLoading: auth.isLoading || user !== auth.user };
}

function AppRoutes() {
  const { user, isLoading } = useShownAuth();
  if (isLoading) return <FullPageSpinner />;

  return (
    <Suspense fallback={<FullPageSpinner />}>
    <Switch>
      <Route path={screenPaths.auth} component={AuthPage} />
      <Route path={screenPaths.resetPassword} component={ResetPasswordPage} />
      <Route path={screenPaths.about} component={AboutPage} />
      <Route path={screenPaths.contact} component={ContactPage} />
      <Route path={screenPaths.policy} component={PolicyPage} />
      {/* Answers 'Access Denied' itself when signed out. */}
      <Route path={screenPaths.settings} component={SettingsPage} />
      {user ? (
        <Route path={screenPaths.home}>{() => <HomePage user={user} />}</Route>
      ) : (
        <Route path={screenPaths.home} component={LandingPage} />
      )}
      {user && <Route path={screenPaths.file}>{(params: { id: string }) => <FilePage user={user} id={params.id} />}</Route>}
      {user && <Route path={screenPaths.folder}>{(params: { id: string }) => <FolderPage user={user} id={params.id} />}</Route>}
      {/* The invite-accept target is spelled /folders/{id}: the same page. */}
      {user && <Route path={screenPaths.folderAfterInvite}>{(params: { id: string }) => <FolderPage user={user} id={params.id} />}</Route>}
      {user && <Route path={screenPaths.ownProfile}>{() => <ProfilePage user={user} />}</Route>}
      {user && <Route path={screenPaths.profile}>{(params: { id: string }) => <ProfilePage user={user} id={params.id} />}</Route>}
      {user && <Route path={screenPaths.search}>{() => <SearchPage user={user} />}</Route>}
      {user && <Route path={screenPaths.notifications}>{() => <NotificationsPage user={user} />}</Route>}
      {/* Files shared from the phone: the feed, with the upload dialog holding them (features/files/use-shared-files.ts). */}
      {user && <Route path={screenPaths.share}>{() => <HomePage user={user} />}</Route>}
      {user && <Route path={screenPaths.admin}>{() => <AdminPage user={user} />}</Route>}
      {/* A notification mail's link: works signed out (the token is signed). */}
      <Route path={screenPaths.unsubscribe}>{() => <UnsubscribePage signedIn={user !== null} />}</Route>
      {/* Open signed out too: the page asks to sign in before accepting. */}
      <Route path={screenPaths.invite}>{(params: { token: string }) => <InvitePage user={user ?? null} token={params.token} />}</Route>
      {user ? <Route component={NotFoundPage} /> : <Route component={SignedOutFallback} />}
    </Switch>
    </Suspense>
  );
}

/** Members' screens sit inside the upload queue, so an upload survives navigation; a file opened from any grid shows over them. */
function MemberUploads({ children }: { children: ReactNode }) {
  const { user } = useShownAuth();
  if (!user) return <>{children}</>;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <UploadProvider>
        {children}
        <FileDialogHost />
      </UploadProvider>
    </Suspense>
  );
}

if (typeof window !== 'undefined') {
  forgetHeldPageAtStart();
  // The server adds preloads for the home's first calls only to a page it served a member
  // (server/plugins/member-preloads.ts): the upload queue and the home then load side by side
  // with the session check, instead of one after the other once it has answered.
  if (window.location.pathname === screenPaths.home && document.querySelector('link[rel="preload"][as="fetch"]')) {
    // A failure here (offline) is the lazy screens' to report when they ask again.
    loadUploads().catch(() => undefined);
    loadHome().catch(() => undefined);
  }
}

export function App() {
  return (
    // The router sees the page under an open file dialog (lib/held-location.ts).
    <Router hook={useHeldLocation} searchHook={useHeldSearch}>
      <PreferencesEffect />
      <OfflineBanner />
      <MemberUploads>
        <AppRoutes />
      </MemberUploads>
      <Toaster />
    </Router>
  );
}

import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { ClipboardList, LayoutDashboard, CreditCard, FolderPlus, Info, LifeBuoy, LogOut, Monitor, Moon, Settings, ShieldCheck, Sun, User } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup,
  DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { endpointUrl } from '@/lib/call';
import { useTheme, type ThemePreference } from '@/lib/theme';
import { displayName, initials } from '@/lib/user-display';

export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

/**
 * The avatar menu. `onCreateFolder` is supplied by the folders feature; until a
 * screen passes it, the item is shown disabled rather than pretending to work.
 */
export function UserMenu({ user, onCreateFolder }: { user: CurrentUser; onCreateFolder?: () => void }) {
  const { theme, setTheme } = useTheme();
  const profileHref = screens.profile(user.id);

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="cursor-pointer rounded-full ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {/* Named by its text, not an aria-label over the initials (which speech input would say). */}
        <span className="sr-only">Account menu</span>
        <span aria-hidden><UserAvatar user={user} className="size-9" /></span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuItem asChild className="gap-3 py-2.5">
          <Link href={profileHref}>
            <UserAvatar user={user} className="size-10" />
            <span className="grid min-w-0">
              <span className="truncate font-semibold text-foreground">{displayName(user)}</span>
              <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
            </span>
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={profileHref}><User aria-hidden />Profile</Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!onCreateFolder} onSelect={onCreateFolder}>
          <FolderPlus aria-hidden />Create new folder
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={screens.settings()}><Settings aria-hidden />Settings</Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <>
            <DropdownMenuItem asChild>
              <Link href={screens.admin()}><LayoutDashboard aria-hidden />Admin Dashboard</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href={screens.admin({ tab: 'waitlist' })}><ClipboardList aria-hidden />Waitlist Management</Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem onSelect={() => toast({ title: 'Billing coming soon' })}>
          <CreditCard aria-hidden />Billing
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={screens.about()}><Info aria-hidden />About</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={screens.contact()}><LifeBuoy aria-hidden />Contact &amp; Support</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={screens.policy()}><ShieldCheck aria-hidden />Privacy &amp; Policy</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemePreference)}>
          <DropdownMenuRadioItem value="light" onSelect={(event) => event.preventDefault()}><Sun aria-hidden />Light</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark" onSelect={(event) => event.preventDefault()}><Moon aria-hidden />Dark</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system" onSelect={(event) => event.preventDefault()}><Monitor aria-hidden />System</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild variant="destructive">
          {/* A full-page navigation: the server ends the session and redirects to /. */}
          <a href={endpointUrl('logOutLink')}><LogOut aria-hidden />Log out</a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

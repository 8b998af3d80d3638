import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { ArrowRight, Check, Compass, Globe, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { VisitorPageShell } from '@/features/visitor/page-shell';
import { useDocumentTitle } from '@/lib/document-title';

interface Feature {
  title: string;
  body: string;
  icon: LucideIcon;
}

const FEATURES: Feature[] = [
  {
    title: 'Social discovery',
    body: 'Follow creators you love, like and comment on their work, and find new favourites in a visual feed built around images, not noise.',
    icon: Compass,
  },
  {
    title: 'Smart organisation',
    body: 'Images are auto-tagged by AI running on our own servers, so everything is searchable the moment it lands. Group files into folders and collaborate on them with others.',
    icon: Sparkles,
  },
  {
    title: 'Privacy control',
    body: 'Decide what is public and what stays private, invite collaborators folder by folder, hide sensitive content and choose whether search engines may index you.',
    icon: ShieldCheck,
  },
  {
    title: 'Global reach',
    body: 'Share public work with anyone through a simple link, and stay in touch with your audience through messages and email notifications.',
    icon: Globe,
  },
];

const PERFORMANCE = [
  'Every image is compressed and served as WebP, with lightweight thumbnails in the feed.',
  'Placeholders appear instantly while pictures load, so the layout never jumps.',
  'Feeds load in pages of 20 as you scroll, keeping every screen quick.',
  'Notifications arrive live, without refreshing the page.',
  'Images, video, audio, PDFs and Office documents up to 10 MB each.',
];

/** What Kaleido is and why. */
export function AboutPage() {
  useDocumentTitle('About');
  return (
    <VisitorPageShell width="wide">
      <section aria-labelledby="about-heading" className="max-w-3xl">
        <p className="text-sm font-medium uppercase tracking-wider text-muted-foreground">About Kaleido</p>
        <h1 id="about-heading" className="mt-3 text-balance text-4xl font-semibold tracking-tight sm:text-5xl">
          A calm, beautiful home for visual work
        </h1>
        <p className="mt-6 text-pretty text-lg leading-relaxed text-muted-foreground">
          Kaleido is a minimalist social file-sharing platform. Our mission is to let anyone share what they make,
          discover the work of others and build a community around it, without clutter, and without giving up
          control of their content or their privacy.
        </p>
      </section>

      <section aria-labelledby="features-heading" className="mt-16">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ title, body, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6 text-card-foreground">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-gradient text-white shadow-sm">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="performance-heading"
        className="mt-16 grid gap-8 rounded-2xl border border-border bg-muted/40 p-6 sm:p-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      >
        <div>
          <h2 id="performance-heading" className="text-2xl font-semibold tracking-tight">
            Built to feel fast
          </h2>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            Visual content is heavy. Kaleido does the work so browsing stays light on any connection.
          </p>
        </div>
        <ul className="grid gap-3">
          {PERFORMANCE.map((item) => (
            <li key={item} className="flex items-start gap-3">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Check className="size-3" aria-hidden="true" />
              </span>
              <span className="leading-relaxed">{item}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-heading" className="mt-16 text-center">
        <h2 id="join-heading" className="text-balance text-2xl font-semibold tracking-tight sm:text-3xl">
          Ready to share your work?
        </h2>
        <p className="mx-auto mt-3 max-w-md text-muted-foreground">Join Kaleido and start building your collection.</p>
        <Button asChild size="lg" className="mt-8 h-12 rounded-full px-8 text-base">
          <Link href={screens.auth()}>
            Create Your Account
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </Button>
      </section>
    </VisitorPageShell>
  );
}

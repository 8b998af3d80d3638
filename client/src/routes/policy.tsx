import { useEffect } from 'react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { VisitorPageShell } from '@/features/visitor/page-shell';
import { POLICY_SECTIONS, type PolicySection } from '@/features/visitor/policy-sections';
import { useDocumentTitle } from '@/lib/document-title';

/** The app renders after the browser's own hash scroll, so scroll to the anchor once the sections exist. */
function useScrollToHash() {
  useEffect(() => {
    function scrollToHash() {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
    }
    scrollToHash();
    window.addEventListener('hashchange', scrollToHash);
    return () => window.removeEventListener('hashchange', scrollToHash);
  }, []);
}

function PolicySectionView({ section }: { section: PolicySection }) {
  const Icon = section.icon;
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight">
          {section.title}
        </h2>
      </div>
      <div className="mt-6 grid gap-8">
        {section.topics.map((topic) => (
          <div key={topic.title}>
            <h3 className="font-semibold">{topic.title}</h3>
            {topic.intro && <p className="mt-2 leading-relaxed text-muted-foreground">{topic.intro}</p>}
            <ul className="mt-3 grid list-disc gap-2 pl-5 leading-relaxed text-muted-foreground marker:text-border">
              {topic.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Privacy, licensing, data and security policy. */
export function PolicyPage() {
  useDocumentTitle('Privacy & Policy');
  useScrollToHash();

  return (
    <VisitorPageShell>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Privacy &amp; Policy</h1>
      <p className="mt-3 text-sm text-muted-foreground">Last updated: August 21, 2025</p>
      <p className="mt-6 text-pretty text-lg leading-relaxed text-muted-foreground">
        Kaleido is a place to share visual work. This page explains, in plain language, how we handle your data, what
        rights you keep over your content, and how we keep both safe.
      </p>

      <nav aria-label="Quick navigation" className="mt-10 rounded-2xl border border-border bg-card p-5 text-card-foreground">
        <h2 className="text-sm font-medium uppercase tracking-wider text-muted-foreground">Quick navigation</h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {POLICY_SECTIONS.map((section) => {
            const Icon = section.icon;
            return (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex items-start gap-3 rounded-xl p-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">{section.title}</span>
                    <span className="block text-sm text-muted-foreground">{section.summary}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-14 grid gap-14">
        {POLICY_SECTIONS.map((section) => (
          <PolicySectionView key={section.id} section={section} />
        ))}
      </div>

      <aside className="mt-16 flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 text-card-foreground sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold">Questions about this policy?</h2>
          <p className="mt-1 text-sm text-muted-foreground">Our team is happy to explain anything on this page.</p>
        </div>
        <Button asChild>
          <Link href={screens.contact()}>
            <Mail className="size-4" aria-hidden="true" />
            Contact Us
          </Link>
        </Button>
      </aside>
    </VisitorPageShell>
  );
}

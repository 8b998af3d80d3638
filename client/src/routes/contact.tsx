import { Bug, Clock, Copyright, Briefcase, LifeBuoy, Lightbulb, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/visitor/contact-form';
import { VisitorPageShell } from '@/features/visitor/page-shell';
import { useDocumentTitle } from '@/lib/document-title';

interface ContactAddress {
  email: string;
  purpose: string;
  detail: string;
  icon: LucideIcon;
}

const ADDRESSES: ContactAddress[] = [
  { email: 'support@kaleido.app', purpose: 'General support', detail: 'Account, sign-in and how-to questions.', icon: LifeBuoy },
  { email: 'bugs@kaleido.app', purpose: 'Bug reports', detail: 'Something broken? Tell us what you saw.', icon: Bug },
  { email: 'feedback@kaleido.app', purpose: 'Feedback', detail: 'Ideas and suggestions to make Kaleido better.', icon: Lightbulb },
  { email: 'business@kaleido.app', purpose: 'Business inquiries', detail: 'Partnerships, press and advertising.', icon: Briefcase },
  { email: 'dmca@kaleido.app', purpose: 'Copyright takedown requests', detail: 'DMCA notices about content on Kaleido.', icon: Copyright },
];

/** Contact addresses and the (simulated) contact form. */
export function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <VisitorPageShell width="wide">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-3 text-pretty text-lg text-muted-foreground">
          Questions, ideas or a problem to report? Write to the right team directly, or send us a message below.
        </p>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
        <section aria-labelledby="contact-addresses-heading">
          <h2 id="contact-addresses-heading" className="text-sm font-medium uppercase tracking-wider text-muted-foreground">
            Email us
          </h2>
          <ul className="mt-4 grid gap-3">
            {ADDRESSES.map(({ email, purpose, detail, icon: Icon }) => (
              <li key={email} className="flex gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium">{purpose}</p>
                  <a
                    href={`mailto:${email}`}
                    className="break-all rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {email}
                  </a>
                  <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="text-xl">Send us a message</CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <ContactForm />
            <p className="flex items-start gap-2 border-t border-border pt-5 text-sm text-muted-foreground">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              We typically reply within 24 hours on business days.
            </p>
          </CardContent>
        </Card>
      </div>
    </VisitorPageShell>
  );
}

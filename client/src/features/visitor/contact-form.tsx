import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ChevronDown, Send } from 'lucide-react';
import { CONTACT_SEND_DELAY_MS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { fieldClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

const SUBJECTS = [
  { value: 'support', label: 'Technical Support' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'business', label: 'Business Inquiry' },
  { value: 'dmca', label: 'DMCA Takedown Request' },
  { value: 'other', label: 'Other' },
] as const;

interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

const EMPTY: ContactMessage = { firstName: '', lastName: '', email: '', subject: '', message: '' };

// A native select keeps the browser's own `required` check and mobile pickers.
const selectClass = cn(
  fieldClasses,
  'h-10 appearance-none py-2 pr-9 invalid:text-muted-foreground dark:[color-scheme:dark] [&>option]:text-foreground',
);

/** The contact form. Sending is simulated: no message leaves the browser. */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    timer.current = setTimeout(() => {
      setSending(false);
      setValues(EMPTY);
      toast({ title: 'Message sent', description: "We'll get back to you within 24 hours." });
    }, CONTACT_SEND_DELAY_MS);
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-5" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="contact-first-name">First name</Label>
          <Input id="contact-first-name" name="firstName" autoComplete="given-name" required
            value={values.firstName} onChange={update} disabled={sending} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-last-name">Last name</Label>
          <Input id="contact-last-name" name="lastName" autoComplete="family-name" required
            value={values.lastName} onChange={update} disabled={sending} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-email">Email</Label>
        <Input id="contact-email" name="email" type="email" autoComplete="email" required
          placeholder="you@example.com" value={values.email} onChange={update} disabled={sending} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-subject">Subject</Label>
        <div className="relative">
          <select id="contact-subject" name="subject" required value={values.subject}
            onChange={update} disabled={sending} className={selectClass}>
            <option value="" disabled>
              Select a subject
            </option>
            {SUBJECTS.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </select>
          <ChevronDown aria-hidden="true"
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" name="message" rows={5} required
          placeholder="Please describe your inquiry in detail..." value={values.message}
          onChange={update} disabled={sending} className="resize-y" />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        <Send className="size-4" aria-hidden="true" />
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The text file "Download" saves: the codes and what they are for. */
export function recoveryCodesText(codes: string[], account: string): string {
  return [
    `Kaleido recovery codes for ${account}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Ten codes shown once: listed, copied or downloaded as text. */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesText(codes, account);
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="grid gap-4">
      <ol className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border bg-muted/40 p-4 font-mono text-sm tracking-wide" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="tabular-nums">{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={href} download="kaleido-recovery-codes.txt">
            <Download aria-hidden />
            Download
          </a>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

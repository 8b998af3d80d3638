import { BarChart3, FileText, Lock, ShieldCheck, type LucideIcon } from 'lucide-react';

export interface PolicyTopic {
  title: string;
  intro?: string;
  points: string[];
}

export interface PolicySection {
  id: 'privacy' | 'licensing' | 'data' | 'security';
  title: string;
  summary: string;
  icon: LucideIcon;
  topics: PolicyTopic[];
}

// The policy text, written for Kaleido as it is actually built.
export const POLICY_SECTIONS: PolicySection[] = [
  {
    id: 'privacy',
    title: 'Privacy Policy',
    summary: 'What we collect, why, who sees it and what you control.',
    icon: ShieldCheck,
    topics: [
      {
        title: 'Information we collect',
        points: [
          'Account details you give us: your name, username and email address. Your password is stored only as a one-way hash.',
          'Content you upload: files, folder names, descriptions, comments and messages, plus the tags generated for your images.',
          'Activity on Kaleido: likes, follows, views, saves and your settings, such as which notification emails you want.',
          'Technical data needed to run the service securely: IP address, browser and device type, and server logs.',
        ],
      },
      {
        title: 'How we use it',
        points: [
          'To run Kaleido: store and serve your files, build your feed, power search and deliver notifications.',
          'To send the emails you have chosen in Settings, and essential account emails such as password resets.',
          'To keep Kaleido safe: prevent spam and abuse, and protect accounts from unauthorised access.',
          'To improve the product using aggregated statistics that do not identify you.',
        ],
      },
      {
        title: 'How we share it',
        points: [
          'We never sell your personal information.',
          'Public content is visible to everyone. Private folders are visible only to you and the collaborators you invite.',
          'Providers that host our infrastructure and deliver our email process data only on our instructions.',
          'On the free plan, our ad network receives the technical data needed to show ads (see Data Usage and Analytics).',
          'We disclose information when the law requires it, or to protect the safety of our members.',
        ],
      },
      {
        title: 'Your rights',
        points: [
          'View and correct your profile and email address at any time in Settings.',
          'Delete any file, folder or comment you own, or delete your whole account in Settings → Account Security: you are signed out everywhere at once, and within a minute your files (every stored copy), folders, comments, likes, follows, the messages you sent and your reports are erased.',
          'Backups taken before you deleted your account still hold that data until the operator of this instance deletes those backup archives; a restore from such a backup would bring it back, so operators delete old archives on their own schedule.',
          'Block or mute anyone from their profile, a comment or a file, and report what breaks the rules; an admin reviews every report.',
          'Ask for a copy of your data, or object to how we use it, by writing to support@kaleido.app.',
          'Choose which optional emails you receive, or turn them off entirely.',
        ],
      },
    ],
  },
  {
    id: 'licensing',
    title: 'Content Licensing',
    summary: 'You own what you share; we need a narrow licence to show it.',
    icon: FileText,
    topics: [
      {
        title: 'You keep ownership',
        points: ['Everything you upload remains yours. Posting on Kaleido never transfers ownership of your work to us.'],
      },
      {
        title: 'The licence you give us',
        intro: 'To operate the service you grant Kaleido a limited, non-exclusive, royalty-free licence to:',
        points: [
          'Display your content to the people your privacy settings allow.',
          'Make thumbnails, previews and compressed versions so it loads quickly on every device.',
          'Enable sharing features such as links, saves to folders and collaborative folders.',
          'Keep backup copies so your work survives hardware failures.',
        ],
      },
      {
        title: 'When the licence ends',
        points: [
          'The licence ends when you delete the content or your account. Backup archives taken before then still hold copies until they are deleted.',
        ],
      },
      {
        title: 'Public content',
        points: [
          'Anyone can see public content, including people without an account.',
          'Public content may be indexed by search engines; you can deny indexing in Settings.',
          'Other members may share links to public content.',
        ],
      },
      {
        title: 'Prohibited content',
        points: [
          'Anything illegal, or content that sexualises minors in any way.',
          'Material that infringes someone else’s copyright, trademark or privacy.',
          'Intimate images shared without the consent of the people shown.',
          'Harassment, threats, hate speech or content that incites violence.',
          'Malware, spam, scams and impersonation of people or organisations.',
        ],
      },
    ],
  },
  {
    id: 'data',
    title: 'Data Usage and Analytics',
    summary: 'How automation, statistics and ads use your data.',
    icon: BarChart3,
    topics: [
      {
        title: 'AI and automation',
        points: [
          'Images are auto-tagged by an image-recognition service that runs on our own servers. Your images are never sent to a third-party AI provider.',
          'Tags are used only to make content easier to search and discover on Kaleido. We do not train AI models on your content.',
          'Uploaded files are compressed and resized automatically. Location and other camera metadata are stripped from published images.',
        ],
      },
      {
        title: 'Analytics',
        points: [
          'We count views, likes and saves to show popularity to owners and to rank discovery.',
          'We look at aggregated usage, such as how many files are uploaded per day, to plan capacity and improve features.',
        ],
      },
      {
        title: 'Advertising',
        points: [
          'The free plan is supported by ads from an ad network, which may use cookies under its own privacy policy.',
          'The premium plan means unlimited blocks, extra features and no ads.',
          'We never share the content of your private files or messages with advertisers.',
        ],
      },
    ],
  },
  {
    id: 'security',
    title: 'Security Measures',
    summary: 'How we protect your data, and what happens if something goes wrong.',
    icon: Lock,
    topics: [
      {
        title: 'Data protection',
        points: [
          'All traffic is encrypted in transit with HTTPS.',
          'Passwords are hashed with Argon2id; we cannot read them.',
          'Visibility rules are checked on every request, so private files and their thumbnails are never served to anyone else.',
          'Data is backed up regularly.',
        ],
      },
      {
        title: 'Account security',
        points: [
          'Sessions use secure, HTTP-only cookies and end when you log out.',
          'Password reset links work once and expire after one hour. Changing your password signs out your other sessions.',
          'Sign-in attempts are rate limited. We will never ask for your password by email.',
        ],
      },
      {
        title: 'Incident response',
        points: [
          'We investigate and contain security incidents as a priority.',
          'If a breach affects your personal data, we notify affected users within 72 hours of becoming aware of it, and inform the authorities where the law requires.',
        ],
      },
    ],
  },
];

import type { ComponentType, SVGProps } from 'react';
import type { SiteConfig } from '#shared/site-config.schema';
import { GitHubIcon, LinkedInIcon, XIcon } from '#web/components/ui/brand-icons';
import { useSiteConfig } from '../api/get-site-config';

const profiles: { key: keyof SiteConfig['social']; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'x', label: 'X', Icon: XIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
  { key: 'github', label: 'GitHub', Icon: GitHubIcon },
];

/** Links to this deployment's social profiles; nothing until the configuration has loaded. */
export function SocialLinks() {
  const { data: config } = useSiteConfig();
  if (!config) return null;

  return (
    <ul className="flex items-center gap-1">
      {profiles.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={config.social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-200/60 hover:text-slate-900"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

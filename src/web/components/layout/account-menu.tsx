import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, LogOut, Settings } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { MeUser } from '#shared/auth/me.schema';
import { paths } from '../../config/paths';
import { useLogout } from '../../lib/use-logout';
import { AccountAvatar } from './account-avatar';
import { AccountSummary } from './account-summary';
import { chooseTheme, themeChoices, type ThemeChoice } from './theme-choice';
import { useThemeChoice } from './theme-switch';

const itemClassName =
  'flex h-9 cursor-default items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

const themeLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The signed-in user's menu in the header: who is signed in, as what, the theme (ADR 0066) and the way out. */
export function AccountMenu({ user }: { user: MeUser }) {
  const { logout, isPending } = useLogout();
  const theme = useThemeChoice();
  const themeLabelId = useId();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="group inline-flex h-10 items-center gap-1 rounded-full py-1 pr-2 pl-1 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <AccountAvatar user={user} />
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-2.5 pt-2 pb-3">
            <AccountSummary user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to={paths.dashboardSettings}>
              <Settings aria-hidden="true" className="size-4 text-slate-500" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />
          <DropdownMenu.Label id={themeLabelId} className="px-2.5 pt-1 pb-1 text-xs font-medium text-slate-600">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={themeLabelId}
            value={theme}
            onValueChange={(value) => chooseTheme(value as ThemeChoice)}
          >
            {themeChoices.map((choice) => (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                // Choosing keeps the menu open: the page turns at once, and another choice is one click away.
                onSelect={(event) => event.preventDefault()}
                className={itemClassName}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-indigo-600" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {themeLabels[choice]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClassName} disabled={isPending} onSelect={logout}>
            <LogOut aria-hidden="true" className="size-4 text-slate-500" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

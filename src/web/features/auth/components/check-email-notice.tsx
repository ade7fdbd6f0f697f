import { ArrowLeft, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';

/** The confirmation after a reset link was requested. */
export function CheckEmailNotice({ email }: { email: string }) {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-indigo-50 text-indigo-600">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      {/* The server answers the same whether or not the account exists, so the text cannot promise an e-mail. */}
      <p className="text-sm text-pretty text-slate-600">
        If an account exists for <strong className="font-semibold break-all text-slate-900">{email}</strong>, we have sent it a link to
        reset your password. The link is valid for 30 minutes.
      </p>
      <Link to={paths.login} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to login
      </Link>
    </div>
  );
}

import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ssoDefaultRoles, ssoInputSchema, type SsoConfig } from '#shared/workspaces/sso.schema';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { errorMessage, serverFieldErrors } from '#web/lib/form-errors';
import { toast, toastError } from '#web/lib/toast';
import { useConfigureSso, useRemoveSso, useRequestDomainProof, useVerifySsoDomain, useWorkspaceSso } from '../api/workspace-sso';
import { roleLabel } from '../lib/role-text';

/**
 * A team's single sign-on (ADR 0137), for its owner: the identity provider's client, the e-mail domain and its proof.
 * The client secret is write-only: the form asks for it again on every save.
 */
export function TeamSso({ team }: { team: Workspace }) {
  const sso = useWorkspaceSso(team.id);
  if (sso.isPending)
    return (
      <div role="status" aria-label="Loading single sign-on..." className="flex flex-col gap-2">
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  if (sso.isError) return <QueryLoadError title="Single sign-on could not be loaded." query={sso} fallback="Please try again." />;
  return (
    <section aria-label={`Single sign-on of ${team.name}`} className="flex flex-col gap-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4" />
        Single sign-on
        {sso.data ? (
          <Badge tone={sso.data.domainVerified ? 'emerald' : 'slate'}>{sso.data.domainVerified ? 'Active' : 'Domain not proved'}</Badge>
        ) : null}
      </h3>
      <p className="text-sm text-slate-600">
        People with an address at your domain sign in through your OpenID Connect identity provider and join this team.
      </p>
      <SsoForm team={team} current={sso.data} />
      {sso.data ? <DomainProof team={team} sso={sso.data} /> : null}
    </section>
  );
}

function SsoForm({ team, current }: { team: Workspace; current: SsoConfig | null }) {
  const id = useId();
  const configure = useConfigureSso(team.id);
  const remove = useRemoveSso(team.id);
  const [values, setValues] = useState({
    issuer: current?.issuer ?? '',
    clientId: current?.clientId ?? '',
    clientSecret: '',
    domain: current?.domain ?? '',
    defaultRole: current?.defaultRole ?? 'viewer',
    passwordSignIn: current?.passwordSignIn ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof values) => (value: string | boolean) => setValues((before) => ({ ...before, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    configure.mutate(parsed.data, {
      onSuccess: () => {
        setValues((before) => ({ ...before, clientSecret: '' }));
        toast.success('Single sign-on saved');
      },
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        setErrors(Object.keys(fields).length ? fields : { form: errorMessage(failure, 'Single sign-on could not be saved.') });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`Single sign-on settings of ${team.name}`} className="flex flex-col gap-3">
      <Field id={`${id}-issuer`} label="Issuer URL" hint="For example https://login.example.com" error={errors.issuer}>
        {(control) => <Input {...control} type="url" value={values.issuer} onChange={(event) => set('issuer')(event.target.value)} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-client-id`} label="Client ID" error={errors.clientId}>
          {(control) => (
            <Input {...control} autoComplete="off" value={values.clientId} onChange={(event) => set('clientId')(event.target.value)} />
          )}
        </Field>
        <Field
          id={`${id}-client-secret`}
          label="Client secret"
          hint={current ? 'Enter it again to save a change.' : undefined}
          error={errors.clientSecret}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.clientSecret}
              onChange={(event) => set('clientSecret')(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-domain`} label="E-mail domain" hint="For example example.com" error={errors.domain}>
          {(control) => <Input {...control} value={values.domain} onChange={(event) => set('domain')(event.target.value)} />}
        </Field>
        <Field id={`${id}-role`} label="New members join as" error={errors.defaultRole}>
          {(control) => (
            <select
              {...control}
              value={values.defaultRole}
              onChange={(event) => set('defaultRole')(event.target.value)}
              className={inputClassName}
            >
              {ssoDefaultRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={`${id}-password`} checked={values.passwordSignIn} onCheckedChange={(checked) => set('passwordSignIn')(checked)} />
        <label htmlFor={`${id}-password`} className="text-sm text-slate-900">
          Allow people of the domain to sign in with a password too
        </label>
      </div>
      {current ? (
        <p className="text-sm text-slate-600">
          Redirect URI to register at your identity provider: <code className="break-all">{current.redirectUri}</code>
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={configure.isPending}>
          {configure.isPending ? 'Checking the issuer...' : 'Save single sign-on'}
        </Button>
        {current ? (
          <Button
            type="button"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Single sign-on removed'),
                onError: (error) => toastError('Could not remove single sign-on', error, 'Please try again.'),
              })
            }
          >
            Remove single sign-on
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function DomainProof({ team, sso }: { team: Workspace; sso: SsoConfig }) {
  const proof = useRequestDomainProof(team.id);
  const verify = useVerifySsoDomain(team.id);
  if (sso.domainVerified) return <p className="text-sm text-slate-700">{sso.domain} is proved: its people can sign in.</p>;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h4 className="text-sm font-semibold text-slate-900">Prove that {sso.domain} is yours</h4>
      <p className="text-sm text-slate-600">Publish this DNS TXT record, then check it:</p>
      <dl className="grid gap-1 text-sm">
        <dt className="font-medium text-slate-900">Name</dt>
        <dd>
          <code className="break-all">{sso.dnsRecord.name}</code>
        </dd>
        <dt className="font-medium text-slate-900">Value</dt>
        <dd>
          <code className="break-all">{sso.dnsRecord.value}</code>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={verify.isPending}
          onClick={() =>
            verify.mutate(undefined, {
              onSuccess: () => toast.success(`${sso.domain} proved`),
              onError: (error) => toastError('The record was not found', error, 'Please try again later.'),
            })
          }
        >
          {verify.isPending ? 'Checking...' : 'Check the DNS record'}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={proof.isPending}
          onClick={() =>
            proof.mutate('email', {
              onSuccess: (sent) =>
                toast.success('Link sent', { description: `${sent.sentTo ?? 'The postmaster'} gets a link to confirm the domain.` }),
              onError: (error) => toastError('Could not send the link', error, 'Please try again.'),
            })
          }
        >
          E-mail postmaster@{sso.domain} instead
        </Button>
      </div>
    </div>
  );
}

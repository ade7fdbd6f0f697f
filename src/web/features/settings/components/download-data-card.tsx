import { useState } from 'react';
import { dataExportLifetimeHours } from '#shared/account/data-export.schema';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '#web/components/ui/card';
import { toast, toastError } from '#web/lib/toast';
import { useRequestDataExport } from '../api/request-data-export';

/**
 * Settings → Profile → Download my data (issue 24). The file is built in the background, since a long history takes a
 * while, and its link arrives by e-mail; the page only says so.
 */
export function DownloadDataCard({ email }: { email: string }) {
  const requestExport = useRequestDataExport();
  const [requested, setRequested] = useState(false);
  const onRequest = () =>
    requestExport.mutate(undefined, {
      onSuccess: () => {
        setRequested(true);
        toast.success('Preparing your data', { description: `A download link is on its way to ${email}.` });
      },
      onError: (error) => toastError('Your data could not be requested', error, 'Please try again.'),
    });

  return (
    <Card aria-labelledby="download-data-title">
      <CardHeader
        titleId="download-data-title"
        title="Download my data"
        description={`A JSON file with your profile, settings, tasks (without webhook secrets), runs with their results and webhook attempts. We e-mail you a link to it, valid ${dataExportLifetimeHours} hours.`}
      />
      {requested ? (
        <CardContent>
          <p role="status" className="text-sm text-slate-700">
            We are preparing your data. The download link will arrive at {email}.
          </p>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button variant="secondary" disabled={requestExport.isPending} onClick={onRequest}>
          {requestExport.isPending ? 'Requesting...' : 'Download my data'}
        </Button>
      </CardFooter>
    </Card>
  );
}

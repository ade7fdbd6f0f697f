import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';

/** Settings → API Keys (issue 22): keys for scripts and services, which the API accepts as `Authorization: Bearer`. */
export function ApiKeySettings() {
  return (
    <div className="flex flex-col gap-6">
      <CreateApiKeyForm />
      <ApiKeyList />
    </div>
  );
}

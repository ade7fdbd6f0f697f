import type { ReactElement } from 'react';
import { errorResponse, stubApi, testSettings } from '#web/testing/api-stubs';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

/** Renders one settings tab on its own page, with the toasts its saves show. */
export function renderSettingsTab(tab: ReactElement) {
  return renderWithToasts([{ path: '/', element: tab }]);
}

/** The API's answer when it refuses one field: its message both as the error and on the field. */
export function fieldRejected(field: string, message: string): Response {
  return errorResponse(400, 'validation_failed', message, { [field]: message });
}

/** The stored settings load, and saving them is answered by `answer`. */
export function stubSettingsSave(answer: () => Response) {
  return stubApi({ handlers: { 'GET /api/me/settings': () => jsonResponse(testSettings), 'PUT /api/me/settings': answer } });
}

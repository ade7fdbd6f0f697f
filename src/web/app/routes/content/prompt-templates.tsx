import { promptTemplates } from '#shared/content/guides';
import { ContentPage } from '#web/features/content/components/content-page';

export function PromptTemplatesRoute() {
  return (
    <ContentPage
      parent="guides"
      title="Prompt templates"
      description="Ready-made prompts for common scheduled jobs. Replace the words in braces and paste them into a new task."
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {promptTemplates.map((template) => (
          <li key={template.title} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{template.title}</h2>
            <p className="text-sm text-slate-600">{template.schedule}</p>
            <pre className="rounded-lg bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap text-slate-800">{template.prompt}</pre>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

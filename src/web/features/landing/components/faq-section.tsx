import { Accordion } from '#web/components/ui/accordion';
import { landingSectionIds } from '#web/config/paths';
import { LandingSection } from './landing-section';

/** Six questions visitors ask before they sign up, answered with what the product really does. */
export const faqs = [
  {
    question: 'What is Promptcron?',
    answer:
      'Promptcron runs an AI prompt on a schedule and delivers the answer to you. You write the prompt once, choose a model and a schedule, and every run’s result arrives by e-mail, in Slack or Discord, or at your webhook, with its history kept on the task.',
  },
  {
    question: 'Which AI providers and models can I use?',
    answer:
      'OpenAI is available today with GPT-5 Chat, GPT-5 mini, GPT-5 nano, GPT-4.1, GPT-4.1 mini and o4-mini. Anthropic, Google Gemini and OpenRouter are listed too and can be chosen once the server has an API key for them.',
  },
  {
    question: 'How do schedules and time zones work?',
    answer:
      'Choose hourly, daily, weekly or monthly at a time in your own time zone, and the task keeps that local time across daylight saving changes. For anything else, write a five-field cron expression, read in the time zone you choose (your task’s own by default); the form previews the next runs and warns of any day a clock change moves or skips.',
  },
  {
    question: 'How are results delivered?',
    answer:
      'By e-mail, rendered from Markdown, or as JSON posted to your webhook URL. Webhooks are signed per Standard Webhooks with a secret for each task, so your endpoint can check that the request came from Promptcron. Failed deliveries are retried without repeating the AI call.',
  },
  {
    question: 'What happens if a run fails or the service was down?',
    answer:
      'Provider hiccups are retried within the run. After downtime a task runs once for its latest missed time if that is within its catch-up window (an hour unless you choose another), and Backfill… runs past times that never ran. After five failed runs in a row a task stops and you get an e-mail, so a broken task never fails silently.',
  },
  {
    question: 'Who can see my prompts and results?',
    answer:
      'Only you. Every task, prompt and result belongs to your account and no other user can read it. The site sets no tracking cookies; the only cookies are the ones that keep you signed in.',
  },
];

export function FaqSection() {
  return (
    <LandingSection
      id={landingSectionIds.faq}
      title="Frequently Asked Questions"
      intro="Answers to the questions people ask most about scheduling AI prompts."
      width="narrow"
    >
      <Accordion items={faqs} className="mt-12" />
    </LandingSection>
  );
}

import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    title: 'What we collect',
    paragraphs: [
      'Your account: full name, e-mail address and a salted hash of your password (never the password itself).',
      'Your tasks: names, descriptions, prompts, models, schedules, time zone, delivery e-mail addresses and webhook, Slack and Discord URLs, and each run’s result, error, timing, token counts and delivery attempts.',
      'Technical data: the IP address of requests, used for rate limiting and kept in server logs for security.',
    ],
  },
  {
    title: 'How we use it',
    paragraphs: [
      'Only to provide the service: to run your tasks at their times, send each prompt to the AI provider you chose (such as OpenAI) and deliver the answer by e-mail, to your webhook or to the Slack or Discord channel you chose, and to send account e-mails such as password resets and failure notices.',
      'Your prompts and results are visible only to your own account. We do not sell your data or use it for advertising.',
    ],
  },
  {
    title: 'Cookies',
    paragraphs: [
      'We use no cookies for tracking or advertising. The only cookies are the ones that keep you signed in; they are strictly necessary and end when you log out or the session expires.',
    ],
  },
  {
    title: 'Processors',
    paragraphs: [
      'The AI provider of a task receives that task’s prompt. E-mail is sent through our mail provider. Webhook results go to the URL you enter, which you control.',
    ],
  },
  {
    title: 'Retention',
    paragraphs: [
      'Tasks and their run history are kept until you delete the task, which deletes its history too, or ask us to delete your account.',
    ],
  },
  {
    title: 'Your rights',
    paragraphs: [
      'Under the GDPR you may ask for access to, correction, deletion or a copy of your data, object to processing, and complain to a supervisory authority. Contact us through the Contact page.',
    ],
  },
  {
    title: 'Children',
    paragraphs: ['Promptcron is not intended for children under 16, and we do not knowingly collect data from them.'],
  },
  {
    title: 'Governing law',
    paragraphs: ['This policy is governed by the laws of the Federal Republic of Germany.'],
  },
];

export function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What data Promptcron stores, why, and your rights. No tracking cookies; not for children under 16; German law."
      sections={sections}
    />
  );
}

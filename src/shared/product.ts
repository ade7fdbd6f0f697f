/** Texts and facts about the product that both the server and the web app state. */
export const productName = 'Promptcron';

export const tagline = 'Automate your workflow with AI-powered scheduled tasks.';

export const heroHeading = 'Time-Triggered AI Automation';

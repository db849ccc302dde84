import { toast } from 'sonner';

/**
 * A success message that survives one full page load: switching or creating an organisation
 * reloads the app, and the toast should still appear afterwards.
 */
const FLASH_KEY = 'kontor.flash';

export function setFlashMessage(message: string): void {
  try {
    globalThis.sessionStorage?.setItem(FLASH_KEY, message);
  } catch {
    // Without storage the message is simply not shown.
  }
}

export function showFlashMessage(): void {
  try {
    const message = globalThis.sessionStorage?.getItem(FLASH_KEY);
    if (!message) return;
    globalThis.sessionStorage.removeItem(FLASH_KEY);
    toast.success(message);
  } catch {
    // Nothing to show.
  }
}

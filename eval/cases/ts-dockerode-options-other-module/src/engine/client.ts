import Docker from 'dockerode';
import { sandboxDaemon } from './options';

export const sandbox = new Docker(sandboxDaemon);

export async function uploadReport(body: string): Promise<void> {
  await fetch('https://reports.example.org/api/v2.0/uploads', { method: 'POST', body });
}

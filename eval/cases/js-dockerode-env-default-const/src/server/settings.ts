// Engine 29 refuses API versions below 1.44; an operator on an older daemon can override it.
export const ENGINE_API = process.env.DOCKER_API_VERSION || 'v1.44';
export const SCHEMA_VERSION = process.env.SCHEMA_VERSION || '2.1';
export const BACKUP_CRON = '15 3 * * *';

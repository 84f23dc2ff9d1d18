/* Docker Engine API fetch runtime. */
export const BASE_PATH = "http://localhost/v1.44".replace(/\/+$/, "");

export interface ConfigurationParameters {
  basePath?: string;
}

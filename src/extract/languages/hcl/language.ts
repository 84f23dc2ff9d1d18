import type { Language } from '../registration.js';

export const hclLanguage = {
  // Terraform, Nomad jobs, Packer: attributes, blocks, quoted and heredoc templates.
  name: 'hcl',
  grammar: 'hcl',
  extensions: ['.hcl', '.nomad', '.tf', '.tfvars'],
  fences: ['hcl', 'terraform', 'tf', 'nomad'],
  inFences: true,
} as const satisfies Language;

export { partTitle } from '@/components/application/part-title';

export { PinDropForm, type DroppedPin } from './PinDropForm.tsx';
export type { PinFormField } from './pin-form-schema.ts';

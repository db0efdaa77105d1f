export function meta() {
  return [{ title: 'Edit Slider | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Edit Slider</h1>;
}

export function meta() {
  return [{ title: 'Add Slider | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Add Slider</h1>;
}

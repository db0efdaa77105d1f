export function meta() {
  return [{ title: 'Slider List | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Slider List</h1>;
}

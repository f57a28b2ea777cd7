import { useForm } from "@mantine/form";

export const form = useForm;

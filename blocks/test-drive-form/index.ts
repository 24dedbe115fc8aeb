import { defineBlock } from "@/runtime/render/types";
import type { TestDriveFormProps } from "@/runtime/generated/types";
import { TestDriveForm } from "./TestDriveForm";

export default defineBlock<TestDriveFormProps>({ component: TestDriveForm });

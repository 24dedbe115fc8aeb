import { defineBlock } from "@/runtime/render/types";
import type { ResolvedTestDriveFormProps } from "@/runtime/generated/types";
import { TestDriveForm } from "./TestDriveForm";

export default defineBlock<ResolvedTestDriveFormProps>({ component: TestDriveForm });

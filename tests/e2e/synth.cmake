# papbench-synth, the synthetic result sets of docs/SCALING.md, at a tiny size so it does not rot.
papbench_e2e_test(synth synth.sh TIMEOUT 60)
set_property(TEST e2e.synth APPEND PROPERTY ENVIRONMENT "PAPBENCH_SYNTH=$<TARGET_FILE:papbench-synth>")

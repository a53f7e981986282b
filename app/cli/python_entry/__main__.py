# torchrun starts `python -u SCRIPT ARGS...` unless given --no-python. This archive is
# appended to the tfw executable (the ELF loader ignores it, Python runs it as a zip
# application), so `torchrun --nproc-per-node N $(which tfw) train ...` works: Python hands
# the process, with the environment torchrun gave it, over to tfw itself.
import os
import sys

os.execv(sys.argv[0], sys.argv)

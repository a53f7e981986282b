"""Reads a run folder's TensorBoard event files with TensorBoard's own reader and prints what
TensorBoard would show, as JSON: every record's CRCs checked, scalars per tag as [step, value]
(after TensorBoard drops the steps a resumed run trained again), text tensors, and the HParams
plugin's session start (hyper-parameters) and end (status).

    python read_tensorboard.py RUN_DIR
"""
import glob
import json
import os
import sys

from google.protobuf import json_format
from tensorboard.backend.event_processing import event_accumulator
from tensorboard.compat.proto import event_pb2
from tensorboard.compat.tensorflow_stub import errors, pywrap_tensorflow
from tensorboard.plugins.hparams import api_pb2, plugin_data_pb2


def records(path):
    """Every record of one file; raises DataLossError on a bad CRC."""
    reader = pywrap_tensorflow.PyRecordReader_New(path)
    while True:
        try:
            reader.GetNext()
        except errors.OutOfRangeError:
            return
        yield event_pb2.Event.FromString(reader.record())


def main(run_dir):
    files = sorted(glob.glob(os.path.join(run_dir, "*tfevents*")))
    out = {"files": [], "scalars": {}, "text": {}, "hparams": None, "session_end": []}
    for path in files:
        events = list(records(path))
        out["files"].append({"name": os.path.basename(path), "records": len(events),
                             "file_version": events[0].file_version if events else ""})
        for event in events:
            for value in event.summary.value:
                if value.metadata.plugin_data.plugin_name != "hparams":
                    continue
                data = plugin_data_pb2.HParamsPluginData.FromString(
                    value.metadata.plugin_data.content)
                if data.HasField("session_start_info"):
                    start = data.session_start_info
                    out["hparams"] = {name: json.loads(json_format.MessageToJson(v))
                                      for name, v in start.hparams.items()}
                if data.HasField("session_end_info"):
                    out["session_end"].append(
                        api_pb2.Status.Name(data.session_end_info.status))

    accumulator = event_accumulator.EventAccumulator(
        run_dir, size_guidance={event_accumulator.SCALARS: 0, event_accumulator.TENSORS: 0})
    accumulator.Reload()
    tags = accumulator.Tags()
    for tag in tags["scalars"]:
        out["scalars"][tag] = [[e.step, e.value] for e in accumulator.Scalars(tag)]
    for tag in tags["tensors"]:
        for e in accumulator.Tensors(tag):
            if e.tensor_proto.string_val:
                out["text"][tag] = e.tensor_proto.string_val[0].decode("utf-8")
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])

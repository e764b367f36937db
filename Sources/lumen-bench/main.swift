import Foundation
import LumenEdit

// In-process timings that whole-command benchmarks cannot show:
//   lumen-bench preview PHOTO [LONG_SIDE]   re-render of the preview after one slider change
//                                           (bench/run.sh, at the end)
//   lumen-bench layers PHOTO DOC.json        re-render of the preview after moving a layer
//                                           (bench/run.sh, at the end)
//   lumen-bench export PHOTO DOC.json OUT   full exports with and without the layers in one
//                                           warm session (bench/run.sh, at the end)
//   lumen-bench frames VIDEO CUBE           the edit of a video frame alone (bench/video.sh)
//   lumen-bench budget PHOTO CUBE [MB]      peak RSS of a colour chain in a context of MB
//                                           (default budget without; bench/run.sh, at the end)
//   lumen-bench templates JOBS.jsonl OUT    template lines filled, then rendered: the filling's
//                                           share of the render (bench/automation.sh)
let arguments = CommandLine.arguments
let usage =
  "usage: lumen-bench preview PHOTO [LONG_SIDE] | layers PHOTO DOC | export PHOTO DOC OUT | frames VIDEO CUBE "
  + "| budget PHOTO CUBE [MB] | templates JOBS.jsonl OUT\n"
do {
  switch (arguments.count > 1 ? arguments[1] : "", arguments.count) {
  case ("preview", 3...):
    try benchmarkPreview(
      photo: arguments[2], longSide: arguments.count > 3 ? Int(arguments[3]) ?? 1280 : 1280)
  case ("layers", 4...):
    try benchmarkLayerMove(photo: arguments[2], document: arguments[3], longSide: 1280)
  case ("export", 5...):
    try benchmarkExport(photo: arguments[2], document: arguments[3], output: arguments[4])
  case ("frames", 4...):
    try benchmarkFrames(video: arguments[2], cube: arguments[3])
  case ("budget", 4...):
    try benchmarkBudget(
      photo: arguments[2], cube: arguments[3],
      megabytes: arguments.count > 4 ? Int(arguments[4]) ?? -1 : 0)
  case ("templates", 4...):
    try benchmarkTemplates(lines: arguments[2], folder: arguments[3])
  default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("lumen-bench: \(error)\n".utf8))
  exit(1)
}
